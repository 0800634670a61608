// The agent's request form: a farmer chosen from the search (loaded with the form, not with the screen).
import { z } from 'zod';

export const ZAskForm = z.object({ farmerId: z.string().regex(/^\d+$/, 'agents.validation.farmerRequired') });
