import { Link, useSearchParams } from 'react-router';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { PersonalInfo } from '../features/account/personal-info.tsx';
import { AnnouncementSection } from '../features/announcement/announcement-section.tsx';
import { MyMessages } from '../features/message/my-messages.tsx';
import { MyCheckIns } from '../features/check-in/my-check-ins.tsx';
import { MyOrders } from '../features/order/my-orders.tsx';
import { MyEnrolments } from '../features/project/my-enrolments.tsx';
import { TrainingRecords } from '../features/training/training-records.tsx';
import { MyStudy } from '../features/study/my-study.tsx';
import { MyRecords } from '../features/study/earning-records.tsx';
import { menuMessages } from '../shell/header/menu-messages.ts';
import { hiddenEntries } from '../shell/header/user-menu.tsx';
import { useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';
import { useCurrentUser, useSite } from '../lib/root-data.ts';
import '../features/account/account.css';

/** The account area's sections (/account?change=N, account-area.md section 2). */
const SECTIONS = [1, 2, 3, 4, 5, 7, 8, 9, 10] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The account area: the menu of sections the site does not hide (accountHidePage) and the chosen
 * one. My study (1), training records (2: exams, practice, study tasks, task and project records;
 * decisions 031, 033), my records (3: points and hours; certificates), notices (5), personal
 * information (7), my enrolments (8: study projects, decision 035), my check-ins (9, decision 034),
 * my orders (4, decision 057) and my messages (10).
 */
export default function AccountPage() {
  const t = useMessages(menuMessages);
  const lang = useLang();
  const [params] = useSearchParams();
  const { website } = useSite();
  const user = useCurrentUser();
  const hidden = hiddenEntries(website.individuationOptions.accountHidePage);
  const visible = SECTIONS.filter((n) => !hidden.has(n));
  const asked = Number(params.get('change'));
  const current: Section | undefined = visible.find((n) => n === asked) ?? visible[0];
  const title = (n: Section) => t[`change${n}`];
  return (
    <div className="portal-account">
      <nav className="portal-account-menu" aria-label={t.sections}>
        <ul>
          {visible.map((n) => (
            <li key={n}>
              <Link
                to={`${localePath('/account', lang)}?change=${n}`}
                aria-current={n === current ? 'page' : undefined}
                className={n === current ? 'is-active' : undefined}
              >
                {title(n)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="portal-account-main" aria-labelledby="account-section-title">
        <h1 id="account-section-title" className="portal-page-title">
          {current ? title(current) : ''}
        </h1>
        {current === 1 && user && (
          <AntdRoot>
            <MyStudy />
          </AntdRoot>
        )}
        {current === 2 && user && (
          <AntdRoot>
            <TrainingRecords />
          </AntdRoot>
        )}
        {current === 3 && user && (
          <AntdRoot>
            <MyRecords />
          </AntdRoot>
        )}
        {current === 4 && user && (
          <AntdRoot>
            <MyOrders />
          </AntdRoot>
        )}
        {current === 5 && user && (
          <AntdRoot>
            <AnnouncementSection />
          </AntdRoot>
        )}
        {current === 7 && user && (
          <AntdRoot>
            <PersonalInfo />
          </AntdRoot>
        )}
        {current === 8 && user && (
          <AntdRoot>
            <MyEnrolments />
          </AntdRoot>
        )}
        {current === 9 && user && (
          <AntdRoot>
            <MyCheckIns />
          </AntdRoot>
        )}
        {current === 10 && user && (
          <AntdRoot>
            <MyMessages />
          </AntdRoot>
        )}
      </section>
    </div>
  );
}
