// Form messages become catalogue keys, translated where they are shown (by <Field>). Loaded with the first form
// validation (use-zod-form), so that screens which only show a form do not load the validator to draw it.
import { z } from 'zod';
import { describeIssue, encodeMessage } from '../../contract/validation';

z.config({
  customError: (issue) => encodeMessage(describeIssue(issue as Parameters<typeof describeIssue>[0])),
});
