import { useNavigate } from 'react-router';
import { Button } from 'antd';
import type { TalentRecord } from '@portal/contract/calls/talent';
import { TALENT_SECTIONS, talentSectionTitles, type TalentSection } from '@portal/contract/talent';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { talentMessages } from './messages.ts';
import './talent.css';

/**
 * Leaving the talent record (/account/fileRegister/leave), reached from its 退出登记 button: which
 * sections are saved and which are not, then back to the record or on to the account area.
 */
export function TalentLeavePage({ record }: { record: Pick<TalentRecord, 'savedSections'> }) {
  const t = useMessages(talentMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const saved = TALENT_SECTIONS.filter((s) => record.savedSections.includes(s));
  const unsaved = TALENT_SECTIONS.filter((s) => !record.savedSections.includes(s));
  const list = (id: string, title: string, sections: TalentSection[], className: string) => (
    <section aria-labelledby={id} className={`portal-talent-leave-list ${className}`}>
      <h2 id={id} className="portal-talent-section-title">
        {title}
      </h2>
      {sections.length > 0 ? (
        <ul>
          {sections.map((s) => (
            <li key={s}>{talentSectionTitles[s][lang]}</li>
          ))}
        </ul>
      ) : (
        <p>{t.noSections}</p>
      )}
    </section>
  );
  return (
    <div className="portal-page portal-talent-leave">
      <h1 className="portal-page-title">{t.leaveTitle}</h1>
      <p>{t.leaveHint}</p>
      <div className="portal-talent-leave-lists">
        {list('talent-saved-title', t.savedSections, saved, 'is-saved')}
        {list('talent-unsaved-title', t.unsavedSections, unsaved, 'is-unsaved')}
      </div>
      <div className="portal-talent-leave-actions">
        <Button onClick={() => void navigate(localePath('/account/fileRegister', lang))}>{t.backToRecord}</Button>
        <Button type="primary" onClick={() => void navigate(localePath('/account', lang))}>
          {t.confirmLeave}
        </Button>
      </div>
    </div>
  );
}
