// The group forms from text inputs, checked with the contract's own rules and turned into what the API takes: crops
// typed as one comma-separated line, a co-operative's levy as a decimal ('2,5'), and its transport per ton and grade
// differentials typed in the local currency ('1 500', '-2 000') and sent as minor units. The settings form sends
// only what was changed.
import { z } from 'zod';
import { parseDecimalInput } from '../../../contract/farms';
import {
  type GroupKind,
  type TGroup,
  type TGroupInput,
  type TGroupPatch,
  ZCoopRules,
  ZGroupInput,
} from '../../../contract/groups';
import { GRADES } from '../../../contract/marketplace-constants';
import {
  CURRENCY_DECIMALS,
  centsToDecimal,
  hasTooManyDecimals,
  parseMoneyToCents,
} from '../../../contract/money';

/** An optional text field: empty (or blank) reads as absent. */
const blankAsAbsent = (text: unknown) => (typeof text === 'string' && text.trim() === '' ? undefined : text);

/** Minus signs people type: the hyphen, and the true minus a French keyboard or a copied figure may give. */
const MINUS = /^[-\u2212\u2013]\s*/;

/**
 * Money typed in the local currency ('1 500', '12,50', '-2 000'), signed when `signed`: its minor units, or null
 * when it is no amount (or has more decimals than the currency); blank reads as 0.
 */
export function parseMinorInput(text: string, signed: boolean): number | null {
  const trimmed = text.trim();
  if (trimmed === '') {
    return 0;
  }
  const negative = signed && MINUS.test(trimmed);
  const cents = parseMoneyToCents(negative ? trimmed.replace(MINUS, '') : trimmed);
  if (cents === null) {
    return null;
  }
  return negative ? 0 - cents : cents;
}

/** Minor units as a form shows them to be changed: '1500', '-12,5' in French; 0 as an empty field. */
export function minorToInput(minor: number, language: string): string {
  if (minor === 0) {
    return '';
  }
  const text = String(centsToDecimal(minor));
  return language === 'fr' ? text.replace('.', ',') : text;
}

/** A money field's rule: minor units within `bound` (the contract's), `invalidKey` when it is no amount. */
function moneyField(signed: boolean, invalidKey: string, bound: z.ZodType<number, number>) {
  return z
    .string()
    .transform((text, refinement) => {
      const unsigned = text.trim().replace(MINUS, '');
      if (hasTooManyDecimals(unsigned)) {
        refinement.addIssue({ code: 'custom', message: CURRENCY_DECIMALS });
        return z.NEVER;
      }
      const minor = parseMinorInput(text, signed);
      if (minor === null) {
        refinement.addIssue({ code: 'custom', message: invalidKey });
        return z.NEVER;
      }
      return minor;
    })
    .pipe(bound);
}

const differential = () =>
  moneyField(true, 'groups.validation.differential', ZCoopRules.shape.gradeDifferentials.shape.A.unwrap());

/** Crops as typed on one line ('maize, cocoa; coffee'): trimmed, blanks dropped, each once whatever its case. */
export function splitCrops(text: string): string[] {
  const seen = new Set<string>();
  const crops: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const crop = part.trim().replace(/\s+/g, ' ');
    const key = crop.toLocaleLowerCase();
    if (crop !== '' && !seen.has(key)) {
      seen.add(key);
      crops.push(crop);
    }
  }
  return crops;
}

/** A co-operative's rule, as text. */
const ruleFields = {
  levyPercent: z.preprocess(
    (text) => parseDecimalInput(blankAsAbsent(text) ?? '0'),
    ZCoopRules.shape.levyPercent,
  ),
  transportPerTon: moneyField(false, 'groups.validation.transport', ZCoopRules.shape.transportPerTon),
  differentialA: differential(),
  differentialB: differential(),
  differentialC: differential(),
};
/** The same fields on a discussion group's form: hidden there, never read, so never refused. */
const unusedRuleFields = {
  levyPercent: z.string(),
  transportPerTon: z.string(),
  differentialA: z.string(),
  differentialB: z.string(),
  differentialC: z.string(),
};

/** The fields both forms share, as text. */
const sharedFields = {
  name: ZGroupInput.shape.name,
  description: ZGroupInput.shape.description,
  region: z.preprocess(blankAsAbsent, ZGroupInput.shape.region),
  visibility: ZGroupInput.shape.visibility,
  crops: z.preprocess((text) => splitCrops(String(text)), ZGroupInput.shape.crops),
};

type RuleValues = z.output<z.ZodObject<typeof ruleFields>>;

/** A co-operative's rule as the API takes it. */
const rulesOf = (v: RuleValues) => ({
  levyPercent: v.levyPercent,
  transportPerTon: v.transportPerTon,
  gradeDifferentials: { A: v.differentialA, B: v.differentialB, C: v.differentialC },
});

type SharedValues = z.output<z.ZodObject<typeof sharedFields>>;

const baseInput = (v: SharedValues) => ({
  name: v.name,
  description: v.description,
  crops: v.crops,
  ...(v.region === undefined ? {} : { region: v.region }),
});

/** "Create a group" for a co-operative: its rule, and a feed always its members' (no visibility sent). */
const ZCoopForm = z
  .object({ kind: ZGroupInput.shape.kind, ...sharedFields, ...ruleFields })
  .transform((v): TGroupInput => ({ ...baseInput(v), kind: 'cooperative', ...rulesOf(v) }));

/** "Create a group" for a discussion group: who reads its feed, and no rule. */
const ZDiscussionForm = z
  .object({ kind: ZGroupInput.shape.kind, ...sharedFields, ...unusedRuleFields })
  .transform((v): TGroupInput => ({ ...baseInput(v), kind: 'discussion', visibility: v.visibility }));

/** The create form's rules for the kind chosen (the rule's fields show, and are checked, for a co-operative). */
export const groupForm = (kind: string) => (kind === 'cooperative' ? ZCoopForm : ZDiscussionForm);

/** The create form's starting values. */
export const emptyGroupForm = (kind: GroupKind = 'discussion') => ({
  name: '',
  kind,
  description: '',
  region: '',
  visibility: 'members',
  crops: '',
  levyPercent: '',
  transportPerTon: '',
  differentialA: '',
  differentialB: '',
  differentialC: '',
});

/** The settings form's starting values: the group as it is. */
export function groupSettingsValues(group: TGroup, language: string) {
  return {
    name: group.name,
    description: group.description,
    region: group.region ?? '',
    visibility: group.visibility,
    crops: group.crops.join(', '),
    levyPercent:
      group.levyPercent === 0 ? '' : String(group.levyPercent).replace('.', language === 'fr' ? ',' : '.'),
    transportPerTon: minorToInput(group.transportPerTon, language),
    differentialA: minorToInput(group.gradeDifferentials.A, language),
    differentialB: minorToInput(group.gradeDifferentials.B, language),
    differentialC: minorToInput(group.gradeDifferentials.C, language),
  };
}

const sameCrops = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((crop, i) => crop === b[i]);

/** The fields of a group's own that were changed, as a patch. */
function sharedPatch(group: TGroup, v: SharedValues & { visibility: TGroup['visibility'] }): TGroupPatch {
  const patch: TGroupPatch = {};
  if (v.name !== group.name) {
    patch.name = v.name;
  }
  if (v.description !== group.description) {
    patch.description = v.description;
  }
  if ((v.region ?? null) !== group.region) {
    patch.region = v.region ?? null;
  }
  if (!sameCrops(v.crops, group.crops)) {
    patch.crops = v.crops;
  }
  // A co-operative's feed is always its members'.
  if (group.kind === 'discussion' && v.visibility !== group.visibility) {
    patch.visibility = v.visibility;
  }
  return patch;
}

/** The rule's fields that were changed: the differentials go together, as the API takes them. */
function rulesPatch(group: TGroup, v: RuleValues): TGroupPatch {
  const rules = rulesOf(v);
  const patch: TGroupPatch = {};
  if (rules.levyPercent !== group.levyPercent) {
    patch.levyPercent = rules.levyPercent;
  }
  if (rules.transportPerTon !== group.transportPerTon) {
    patch.transportPerTon = rules.transportPerTon;
  }
  if (GRADES.some((grade) => rules.gradeDifferentials[grade] !== group.gradeDifferentials[grade])) {
    patch.gradeDifferentials = rules.gradeDifferentials;
  }
  return patch;
}

/**
 * "Settings": the fields of `group` that were changed, as a patch (empty when nothing was). A discussion group has
 * no rule to change or check.
 */
export const groupSettingsForm = (group: TGroup) =>
  group.kind === 'cooperative'
    ? z
        .object({ ...sharedFields, ...ruleFields })
        .transform((v): TGroupPatch => ({ ...sharedPatch(group, v), ...rulesPatch(group, v) }))
    : z.object({ ...sharedFields, ...unusedRuleFields }).transform((v) => sharedPatch(group, v));
