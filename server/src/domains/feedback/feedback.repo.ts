// The feedback's SQL: a member's feedback with its images, and the operators' list. The routes
// (feedback.plugin.ts) check the form and answer; this module reads and writes.
import type { Queryable } from '../../db/db';

export interface FeedbackImage {
  contentType: string;
  fileName: string;
  data: Buffer;
}

export interface FeedbackRow {
  id: string;
  account: string;
  content: string;
  created_at: Date;
  images: { id: string; contentType: string; fileName: string; bytes: number }[] | null;
}

/** Stores a member's feedback and its images: its id. */
export async function insertFeedback(q: Queryable, memberId: number, content: string, images: FeedbackImage[]): Promise<number> {
  const row = await q.one<{ id: string }>('INSERT INTO feedback (member_id, content) VALUES ($1, $2) RETURNING id', [
    memberId,
    content,
  ]);
  for (const img of images)
    await q.query('INSERT INTO feedback_images (feedback_id, content_type, file_name, data) VALUES ($1, $2, $3, $4)', [
      row!.id,
      img.contentType,
      img.fileName,
      img.data,
    ]);
  return Number(row!.id);
}

/** The latest feedback (before an id when given), with its images' sizes but not their bytes. */
export async function feedbackPage(q: Queryable, limit: number, before: number | null): Promise<FeedbackRow[]> {
  return q.query<FeedbackRow>(
    `SELECT f.id, m.account, f.content, f.created_at,
            (SELECT json_agg(json_build_object('id', i.id, 'contentType', i.content_type, 'fileName', i.file_name,
                                               'bytes', octet_length(i.data)) ORDER BY i.id)
               FROM feedback_images i WHERE i.feedback_id = f.id) AS images
       FROM feedback f JOIN members m ON m.id = f.member_id
      WHERE ($2::bigint IS NULL OR f.id < $2)
      ORDER BY f.id DESC LIMIT $1`,
    [limit, before],
  );
}

export async function feedbackImage(q: Queryable, id: number): Promise<{ content_type: string; data: Buffer } | null> {
  return q.one<{ content_type: string; data: Buffer }>('SELECT content_type, data FROM feedback_images WHERE id = $1', [id]);
}
