// The crops demo's tables: amina's and moussa's plots and their plans in every status, with the inputs, harvests and
// sales of each. Days count from a plan's planting date; amounts are in US dollars as the demo writes them (money.ts).
import type { ABANDON_REASONS, HarvestUnit, HarvestUse, InputKind } from '../../contract/crop-plans';
import type { CropKey } from '../../contract/crops';

type AbandonReason = (typeof ABANDON_REASONS)[number];

export interface DemoPlot {
  name: string;
  /** Hectares, within the farm's size together with the other plot. */
  area: number;
}

export interface DemoInput {
  kind: InputKind;
  name: string;
  quantity?: number;
  unit?: string;
  /** US dollars. */
  cost: string;
  /** Days after planting, or the harvest's first day (the work of harvesting). */
  day: number | 'harvest';
}

export interface DemoHarvest {
  quantity: number;
  unit: HarvestUnit;
  grade: 'A' | 'B' | 'C';
  moisture?: number;
  uses: Partial<Record<HarvestUse, number>>;
  /** Recorded by the farmer's agent (fatou for amina), when she represents them. */
  byAgent?: boolean;
}

/** What the plan's crop sold for after its final harvest: tons, US dollars a ton, days after that harvest. */
export interface DemoSale {
  quantity: string;
  price: string;
  daysAfterHarvest: number;
  buyer: string;
  /** The seller's listing of the crop, by its name: the sale is booked against it and its plan takes it itself. */
  listing?: string;
}

interface PlanBase {
  /** Index in the farmer's plots. */
  plot: number;
  crop: CropKey;
  variety: string | null;
  area: number;
}

/** Last season's harvested plan: its inputs, its harvests (the last one final), then a sale of its crop. */
export interface HarvestedPlan extends PlanBase {
  inputs: DemoInput[];
  harvests: DemoHarvest[];
  sale: DemoSale;
}

/** Last season's plan given up a few weeks after planting. */
export interface AbandonedPlan extends PlanBase {
  inputs: DemoInput[];
  /** Days after planting when the farmer gave up. */
  afterDays: number;
  reason: AbandonReason;
  note: string;
}

/** This season's plan under way: planted `daysAgo`, with the farmer's own task for this week. */
export interface ActivePlan extends PlanBase {
  daysAgo: number;
  inputs: DemoInput[];
  ownTask: { title: string; inDays: number };
}

/** A plan ahead: planted in `inDays`, made by the farmer's agent when she represents them. */
export interface PlannedPlan extends PlanBase {
  inDays: number;
}

export interface DemoCrops {
  farmer: string;
  plots: [DemoPlot, DemoPlot];
  harvested: HarvestedPlan;
  abandoned: AbandonedPlan;
  active: ActivePlan;
  planned: PlannedPlan;
}

/** This season's plans are planted this many days ago at most: amina's maize is the farm demo's (farm.ts). */
export const ACTIVE_DAYS_AGO = 100;

export const DEMO_CROPS: DemoCrops[] = [
  {
    // Near Bafoussam (2.5 ha): groundnut then dry-season tomato in the valley bottom, maize on the upper field.
    farmer: 'amina',
    plots: [
      { name: 'Champ du haut', area: 1.5 },
      { name: 'Bas-fond', area: 1 },
    ],
    harvested: {
      plot: 1,
      crop: 'groundnut',
      variety: 'Arachide rouge locale',
      area: 1,
      inputs: [
        {
          kind: 'seed',
          name: 'Arachide décortiquée pour semis',
          quantity: 80,
          unit: 'kg',
          cost: '140.00',
          day: 0,
        },
        { kind: 'fertiliser', name: 'NPK 12-14-19', quantity: 2, unit: 'sacs', cost: '55.00', day: 0 },
        { kind: 'labour', name: 'Semis et premier sarclage', cost: '90.00', day: 20 },
        { kind: 'labour', name: 'Arrachage et battage', cost: '75.00', day: 'harvest' },
      ],
      harvests: [
        {
          quantity: 8,
          unit: 'bag50',
          grade: 'B',
          moisture: 10,
          uses: { sold: 5, stored: 2, home: 1 },
          byAgent: true,
        },
        {
          quantity: 14,
          unit: 'bag50',
          grade: 'A',
          moisture: 9,
          uses: { sold: 8, stored: 4, home: 1, lost: 1 },
        },
      ],
      sale: { quantity: '0.65', price: '820.00', daysAfterHarvest: 10, buyer: 'Marché A de Bafoussam' },
    },
    abandoned: {
      plot: 0,
      crop: 'tomato',
      variety: 'Roma VF',
      area: 0.5,
      inputs: [
        {
          kind: 'seed',
          name: 'Plants de tomate Roma VF',
          quantity: 6000,
          unit: 'plants',
          cost: '30.00',
          day: 0,
        },
        {
          kind: 'pesticide',
          name: 'Fongicide au mancozèbe',
          quantity: 2,
          unit: 'kg',
          cost: '25.00',
          day: 18,
        },
      ],
      afterDays: 30,
      reason: 'disease',
      note: 'Mildiou après trois semaines de pluie continue ; les plants ont été arrachés.',
    },
    active: {
      plot: 0,
      crop: 'maize',
      variety: 'CMS 8704',
      area: 1.5,
      daysAgo: ACTIVE_DAYS_AGO,
      inputs: [
        { kind: 'seed', name: 'Maïs CMS 8704', quantity: 30, unit: 'kg', cost: '55.00', day: 0 },
        { kind: 'fertiliser', name: 'NPK 20-10-10', quantity: 6, unit: 'sacs', cost: '150.00', day: 0 },
        { kind: 'labour', name: 'Sarclage', cost: '60.00', day: 25 },
        { kind: 'fertiliser', name: 'Urée en couverture', quantity: 3, unit: 'sacs', cost: '75.00', day: 40 },
      ],
      ownTask: { title: 'Réparer la clôture contre les chèvres', inDays: 2 },
    },
    planned: { plot: 1, crop: 'tomato', variety: 'Rio Grande', area: 0.5, inDays: 20 },
  },
  {
    // Near Bouaké (4 ha): maize then cassava on the big field, groundnut by the stream.
    farmer: 'moussa',
    plots: [
      { name: 'Grand champ', area: 2.5 },
      { name: 'Champ du marigot', area: 1.5 },
    ],
    harvested: {
      plot: 0,
      crop: 'maize',
      variety: 'Obatanpa',
      area: 2,
      inputs: [
        { kind: 'seed', name: 'Semence de maïs Obatanpa', quantity: 40, unit: 'kg', cost: '60.00', day: 0 },
        { kind: 'pesticide', name: 'Herbicide de pré-levée', quantity: 4, unit: 'L', cost: '30.00', day: 1 },
        { kind: 'fertiliser', name: 'NPK 15-15-15', quantity: 6, unit: 'sacs', cost: '160.00', day: 10 },
        { kind: 'fertiliser', name: 'Urée', quantity: 4, unit: 'sacs', cost: '100.00', day: 40 },
        { kind: 'labour', name: 'Récolte et égrenage', cost: '120.00', day: 'harvest' },
      ],
      harvests: [
        { quantity: 12, unit: 'bag100', grade: 'B', moisture: 15, uses: { sold: 6, stored: 4, home: 2 } },
        {
          quantity: 22,
          unit: 'bag100',
          grade: 'B',
          moisture: 13,
          uses: { sold: 14, stored: 5, home: 2, lost: 1 },
        },
      ],
      sale: {
        quantity: '2',
        price: '270.00',
        daysAfterHarvest: 14,
        buyer: 'Grossiste du marché de Bouaké',
        listing: 'Maize',
      },
    },
    abandoned: {
      plot: 1,
      crop: 'groundnut',
      variety: null,
      area: 1,
      inputs: [
        { kind: 'seed', name: 'Arachide pour semis', quantity: 70, unit: 'kg', cost: '90.00', day: 0 },
      ],
      afterDays: 40,
      reason: 'drought',
      note: 'Cinq semaines sans pluie après le semis : la levée a manqué sur presque tout le champ.',
    },
    active: {
      plot: 0,
      crop: 'cassava',
      variety: 'Yavo',
      area: 2.5,
      daysAgo: 75,
      inputs: [
        {
          kind: 'seed',
          name: 'Boutures de manioc Yavo',
          quantity: 10000,
          unit: 'boutures',
          cost: '120.00',
          day: 0,
        },
        { kind: 'labour', name: 'Buttage et plantation', cost: '150.00', day: 0 },
        { kind: 'labour', name: 'Sarclage', cost: '80.00', day: 30 },
      ],
      ownTask: { title: 'Réserver le tracteur pour le champ du marigot', inDays: 3 },
    },
    planned: { plot: 1, crop: 'groundnut', variety: null, area: 1.5, inDays: 20 },
  },
];
