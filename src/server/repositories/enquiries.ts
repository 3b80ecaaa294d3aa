// Contact-form enquiries and readers' questions (no institution details), kept for the team.
import type { Queryable } from '../db/index';
import type { Enquiry } from '../../shared/schemas/contact';

export async function saveEnquiry(db: Queryable, b: Enquiry): Promise<void> {
  await db.query(
    `INSERT INTO enquiries (user_name, email, message, institution_name, designation, mobile, campuses, students) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      b.userName,
      b.emailId,
      b.Message,
      b.institutionName ?? null,
      b.desigination ?? null,
      b.mobile ?? null,
      b.campuses ?? null,
      b.students ?? null,
    ],
  );
}
