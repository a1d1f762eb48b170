import { Link } from 'react-router';
import type { ProjectCardShown } from '../project/project-card.tsx';
import { ProjectGrid, projectsTabPath } from '../project/project-card.tsx';
import { projectCardMessages } from '../project/project-card-messages.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';

/**
 * A project zone of the home page (zone type 7): its title, the site's study projects as cards
 * (visitors: those open to visitors; learners: their enterprise's, with their application status),
 * and 'more' to the projects tab of /knowledge.
 */
export function ProjectZone({ id, title, projects }: { id: number; title: string; projects: ProjectCardShown[] }) {
  const t = useMessages(projectCardMessages);
  const lang = useLang();
  const headingId = `zone-${id}`;
  return (
    <section className="portal-zone portal-project-zone" aria-labelledby={headingId}>
      <div className="portal-zone-head">
        <h2 id={headingId} className="portal-zone-title">
          {title}
        </h2>
        <Link className="portal-zone-more" to={projectsTabPath(lang)}>
          {t.more}
        </Link>
      </div>
      <ProjectGrid projects={projects} emptyText={t.empty} />
    </section>
  );
}
