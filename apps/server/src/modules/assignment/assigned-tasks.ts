import { sql, type SQL } from 'drizzle-orm';

/** How a study task reaches learners (`study_task_assignments.target_type`, decision 033). */
export const AssignmentTarget = {
  PERSON: 1,
  DEPARTMENT: 2,
  TAG: 3,
} as const;

/** A study task item that is an exam task (`study_task_items.resource_type`, TaskResourceType.EXAM_TASK). */
const EXAM_TASK_ITEM = 7;

/** Project application status of an enrolled (approved) learner (`study_project_applications`). */
const APPROVED = 2;

/**
 * The ids of the study tasks assigned to one learner now, as a subquery (`task_id`): by name, by a
 * department or tag they are in now, or as a stage task of a study project they are enrolled in.
 * Read at request time (decision 033): who joins a department later gets its tasks, who leaves
 * loses them (their progress rows stay). Each branch walks an index led by eid and the target.
 * It says nothing of whether the task is published or open: the callers decide that.
 */
export function assignedTaskIds(eid: number, accountId: number): SQL {
  return sql`(
    ${byRule(sql`study_task_assignments`, eid, accountId)}
    UNION
    SELECT s.task_id FROM study_project_applications p
      JOIN study_project_stage_tasks s ON s.eid = p.eid AND s.project_id = p.project_id
     WHERE p.eid = ${eid} AND p.account_id = ${accountId} AND p.status = ${APPROVED}
  )`;
}

/**
 * Whether an exam task (the alias `task` of `exam_tasks`) is given to the learner now (decision
 * 049): it has no assignment rule (given to every member), or a rule names them, a department or
 * a tag they are in now — read at request time like study tasks' — or it is an item of a study
 * task they have (a study task's exam is its learners' to take).
 */
export function examTaskGiven(task: SQL, eid: number, accountId: number): SQL {
  return sql`(NOT EXISTS (SELECT 1 FROM exam_task_assignments g WHERE g.eid = ${task}.eid AND g.task_id = ${task}.id)
    OR ${task}.id IN (${byRule(sql`exam_task_assignments`, eid, accountId)})
    OR ${task}.id IN (SELECT i.resource_id FROM study_task_items i
                       WHERE i.eid = ${eid} AND i.resource_type = ${EXAM_TASK_ITEM}
                         AND i.task_id IN ${assignedTaskIds(eid, accountId)}))`;
}

/** The task ids an assignment table's rules give the learner: by name, a department or a tag they are in. */
function byRule(table: SQL, eid: number, accountId: number): SQL {
  return sql`
    SELECT a.task_id FROM ${table} a
     WHERE a.eid = ${eid} AND a.target_type = ${AssignmentTarget.PERSON} AND a.target_id = ${accountId}
    UNION
    SELECT a.task_id FROM department_members m
      JOIN ${table} a
        ON a.eid = m.eid AND a.target_type = ${AssignmentTarget.DEPARTMENT} AND a.target_id = m.department_id
     WHERE m.eid = ${eid} AND m.account_id = ${accountId}
    UNION
    SELECT a.task_id FROM learner_tags g
      JOIN ${table} a
        ON a.eid = g.eid AND a.target_type = ${AssignmentTarget.TAG} AND a.target_id = g.tag_id
     WHERE g.eid = ${eid} AND g.account_id = ${accountId}`;
}

/**
 * The learners a study task reaches now, as a subquery (`account_id`): the inverse of
 * `assignedTaskIds` — named by a rule, in a department or with a tag a rule names, or enrolled in a
 * study project the task is a stage task of. Members who are disabled are left out (they cannot
 * study). `taskId` may be a column of the outer query (`t.id`). For the back office's progress and
 * reminders (issue 22 item 5).
 */
export function taskLearnerIds(eid: number, taskId: number | SQL): SQL {
  return sql`(
    SELECT x.account_id FROM (
      SELECT a.target_id AS account_id FROM study_task_assignments a
       WHERE a.eid = ${eid} AND a.task_id = ${taskId} AND a.target_type = ${AssignmentTarget.PERSON}
      UNION
      SELECT m.account_id FROM study_task_assignments a
        JOIN department_members m ON m.eid = a.eid AND m.department_id = a.target_id
       WHERE a.eid = ${eid} AND a.task_id = ${taskId} AND a.target_type = ${AssignmentTarget.DEPARTMENT}
      UNION
      SELECT g.account_id FROM study_task_assignments a
        JOIN learner_tags g ON g.eid = a.eid AND g.tag_id = a.target_id
       WHERE a.eid = ${eid} AND a.task_id = ${taskId} AND a.target_type = ${AssignmentTarget.TAG}
      UNION
      SELECT p.account_id FROM study_project_stage_tasks s
        JOIN study_project_applications p ON p.eid = s.eid AND p.project_id = s.project_id AND p.status = ${APPROVED}
       WHERE s.eid = ${eid} AND s.task_id = ${taskId}
    ) x JOIN enterprise_users u ON u.eid = ${eid} AND u.account_id = x.account_id AND u.status <> 2
  )`;
}
