// Contact-form enquiries, kept for the team.
import type { Queryable } from '../db/index';
import type { ContactBody } from '../../shared/schemas/contact';

export async function saveEnquiry(db: Queryable, b: ContactBody): Promise<void> {
  await db.query(
    `INSERT INTO enquiries (user_name, email, message, institution_name, designation, mobile, campuses, students) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [b.userName, b.emailId, b.Message, b.institutionName, b.desigination, b.mobile, b.campuses, b.students],
  );
}
