import { z } from "zod";

export const healthSchema = z
  .object({
    status: z.enum(["ok", "error"]),
    db: z.enum(["ok", "error"]),
    version: z.string(),
  })
  .meta({ id: "Health" });

export type Health = z.infer<typeof healthSchema>;
