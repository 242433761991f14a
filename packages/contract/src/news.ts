import { z } from 'zod';

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  announcement: z.string(),
});

export type Announcement = z.infer<typeof announcementSchema>;

export const newsListResponseSchema = z.object({
  announcements: z.object({ announcement: z.array(announcementSchema) }),
});
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;
