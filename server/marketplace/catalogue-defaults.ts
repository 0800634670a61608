// The catalogue a deployment starts with: staple crops of Cameroon, Ghana and Côte d'Ivoire. A manager edits it after.
import type { TKindInput, TKindUnitInput } from '../../contract/commodity-kinds';

// Bags are named by their weight. A basin or a tine weighs differently from one market to the next, so the defaults
// name them without kilograms (not offered for quantities) and each deployment's manager weighs them.
const BAG_100: TKindUnitInput = {
  key: 'bag_100kg',
  names: { en: 'Bag of 100 kg', fr: 'Sac de 100 kg' },
  kg: 100,
};
const BAG_50: TKindUnitInput = { key: 'bag_50kg', names: { en: 'Bag of 50 kg', fr: 'Sac de 50 kg' }, kg: 50 };
const BASIN: TKindUnitInput = { key: 'basin', names: { en: 'Basin', fr: 'Bassine' }, kg: null };
const TINE: TKindUnitInput = { key: 'tine', names: { en: 'Tine', fr: 'Tine' }, kg: null };
const UNITS = [BAG_100, BAG_50, BASIN, TINE];
const ALL_GRADES: TKindInput['grades'] = ['A', 'B', 'C'];

function kind(key: string, en: string, fr: string, synonyms: string[], units = UNITS): TKindInput {
  return { key, names: { en, fr }, synonyms, grades: ALL_GRADES, units };
}

export const DEFAULT_KINDS: readonly TKindInput[] = [
  kind('maize', 'Maize', 'Maïs', ['corn', 'mais', 'maize grain', 'maïs grain']),
  kind('cassava', 'Cassava', 'Manioc', ['manioc', 'cassave', 'yuca']),
  kind('groundnut', 'Groundnut', 'Arachide', ['groundnuts', 'peanut', 'peanuts', 'arachides']),
  kind('beans', 'Beans', 'Haricots', ['bean', 'haricot', 'common beans']),
  kind('soybean', 'Soybean', 'Soja', ['soybeans', 'soya', 'soya beans', 'soy', 'soja']),
  kind('cowpea', 'Cowpea', 'Niébé', ['cowpeas', 'niebe', 'black-eyed peas', 'haricot niébé']),
  kind('rice', 'Rice', 'Riz', ['paddy', 'paddy rice', 'riz paddy']),
  kind('sorghum', 'Sorghum', 'Sorgho', ['guinea corn', 'sorgho']),
  kind('millet', 'Millet', 'Mil', ['mil', 'pearl millet']),
  kind('wheat', 'Wheat', 'Blé', ['ble']),
  kind('cocoa', 'Cocoa', 'Cacao', ['cocoa beans', 'fèves de cacao', 'cacao']),
  kind('coffee', 'Coffee', 'Café', ['robusta', 'arabica', 'coffee beans', 'café vert']),
  kind('plantain', 'Plantain', 'Plantain', ['plantains', 'banane plantain', 'bananes plantains']),
  kind('banana', 'Banana', 'Banane', ['bananas', 'banane douce']),
  kind('yam', 'Yam', 'Igname', ['yams', 'ignames']),
  kind('cocoyam', 'Cocoyam', 'Macabo', ['cocoyams', 'macabo', 'macabos']),
  kind('potato', 'Potato', 'Pomme de terre', ['potatoes', 'irish potato', 'pommes de terre']),
  kind('sweet_potato', 'Sweet potato', 'Patate douce', ['sweet potatoes', 'patates douces', 'patate']),
  kind('tomato', 'Tomato', 'Tomate', ['tomatoes', 'tomates'], []),
  kind('onion', 'Onion', 'Oignon', ['onions', 'oignons'], []),
  kind('cabbage', 'Cabbage', 'Chou', ['cabbages', 'choux'], []),
  kind('cotton', 'Cotton', 'Coton', ['seed cotton', 'coton graine']),
  kind('sugarcane', 'Sugarcane', 'Canne à sucre', ['sugar cane', 'cannes à sucre']),
];
