// The talent module's front door: the talent-pool record's repository, for the back office's list.
export { TalentRepository, type TalentRow } from './talent.repository.ts';
