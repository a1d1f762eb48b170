import type { Lang, TagItem } from '@portal/contract';
import { presentTag } from './tag.presenter.ts';
import type { TagRepository } from './tag.repository.ts';

/**
 * The enterprise's learner tags (decision 019): only the signed-in session's enterprise, whatever
 * the request says; a part of the name filters them.
 */
export class TagService {
  constructor(private readonly repo: TagRepository) {}

  async findTags(options: { eid: number; lang: Lang; tagName?: string | undefined }): Promise<TagItem[]> {
    const rows = await this.repo.findTags(options.eid, options.tagName ? { tagName: options.tagName } : {});
    return rows.map((r) => presentTag(r, options.lang));
  }
}
