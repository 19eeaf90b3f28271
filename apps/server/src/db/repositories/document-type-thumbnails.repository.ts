import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';

/** What a type's `thumbnail` column says of its image: the name it is served under and its size. */
export interface ThumbnailInfo {
  filename: string;
  width: number;
  height: number;
}

export interface ServedThumbnail {
  content_type: string;
  content: Uint8Array;
}

/**
 * Document type thumbnails: the bytes in `report_thumbnails`, the name they are served under in
 * the type's `thumbnail` column, which alone says which name is current.
 */
export function createDocumentTypeThumbnailsRepository(db: Kysely<Database>) {
  return {
    /** Stores the type's image in place of any it had; answers the SHA-256 (hex) the database computed of it. */
    async saveImage(reportId: number, image: { contentType: string; bytes: Buffer }, trx: Kysely<Database>): Promise<string> {
      const row = await trx
        .insertInto('report_thumbnails')
        .values({ report_id: reportId, content_type: image.contentType, content: image.bytes })
        .onConflict((conflict) =>
          conflict.column('report_id').doUpdateSet({ content_type: image.contentType, content: image.bytes, updated_at: sql`now()` }),
        )
        .returning('content_hash')
        .executeTakeFirstOrThrow();
      return row.content_hash;
    },

    async deleteImage(reportId: number, trx: Kysely<Database>): Promise<void> {
      await trx.deleteFrom('report_thumbnails').where('report_id', '=', reportId).execute();
    },

    async setThumbnailInfo(reportId: number, info: ThumbnailInfo | null, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('report_definitions')
        .set({ thumbnail: info === null ? null : JSON.stringify(info) })
        .where('id', '=', reportId)
        .execute();
    },

    /**
     * The image served under this name, while the name is the type's current one and the bytes
     * held are those it was made from (the start of their hash).
     */
    findCurrent(reportId: number, filename: string, hashPrefix: string): Promise<ServedThumbnail | undefined> {
      return db
        .selectFrom('report_thumbnails as t')
        .innerJoin('report_definitions as r', 'r.id', 't.report_id')
        .select(['t.content_type', 't.content'])
        .where('t.report_id', '=', reportId)
        .where(sql<string>`r.thumbnail ->> 'filename'`, '=', filename)
        .where(sql<boolean>`starts_with(t.content_hash, ${hashPrefix})`)
        .executeTakeFirst();
    },
  };
}
export type DocumentTypeThumbnailsRepository = ReturnType<typeof createDocumentTypeThumbnailsRepository>;
