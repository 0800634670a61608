// The command reader against what people type: both languages, any case and accents, a decimal comma, names kept
// as written, and junk read as nothing in one bounded pass.
import { describe, expect, it } from 'vitest';
import { commandWords, MAX_COMMAND_TEXT, parseCommand } from './commands';

const read = (text: string) => parseCommand(text).command;

describe('parseCommand', () => {
  it('reads help and the language it was asked in', () => {
    expect(parseCommand('HELP')).toEqual({ command: { kind: 'help' }, spoken: 'en' });
    expect(parseCommand('Aide')).toEqual({ command: { kind: 'help' }, spoken: 'fr' });
    expect(parseCommand('stop')).toEqual({ command: { kind: 'stop' }, spoken: null });
    expect(parseCommand('ARRÊT').command).toEqual({ kind: 'stop' });
  });

  it('reads a payment of an order by MoMo (fr PAYER), with or without its PIN', () => {
    expect(parseCommand('PAY 243 1234')).toEqual({
      command: { kind: 'pay', order: '243', pin: '1234' },
      spoken: 'en',
    });
    expect(parseCommand('payer #243 1234')).toEqual({
      command: { kind: 'pay', order: '243', pin: '1234' },
      spoken: 'fr',
    });
    expect(read('Pay 243')).toEqual({ kind: 'pay', order: '243', pin: null });
    for (const text of ['PAY', 'PAY maize', 'PAYER 243 1234 5']) {
      expect(read(text), text).toEqual({ kind: 'usage', of: 'pay' });
    }
  });

  it("reads a co-op member's commands: COOP in both languages, PAID (fr PAYE, PAYÉ) apart from PAY / PAYER", () => {
    expect(parseCommand('COOP')).toEqual({ command: { kind: 'coop' }, spoken: null });
    expect(parseCommand('coop please')).toEqual({ command: { kind: 'coop' }, spoken: null });
    expect(parseCommand('Paid')).toEqual({ command: { kind: 'paid' }, spoken: 'en' });
    expect(parseCommand('PAYE')).toEqual({ command: { kind: 'paid' }, spoken: 'fr' });
    expect(parseCommand('payé')).toEqual({ command: { kind: 'paid' }, spoken: 'fr' });
    expect(parseCommand('PAYÉ')).toEqual({ command: { kind: 'paid' }, spoken: 'fr' });
    expect(read('PAYER 7 1234')).toEqual({ kind: 'pay', order: '7', pin: '1234' });
  });

  it('reads the stock commands: STOCK, LOSS lot tons reason [note] (fr PERTE), RECEIPT code (fr REÇU)', () => {
    expect(parseCommand('Stock')).toEqual({ command: { kind: 'stock' }, spoken: null });
    expect(parseCommand('PERTE #7 0,25 Ravageurs charançons dans 2 sacs')).toEqual({
      command: { kind: 'loss', lot: '7', tons: '0.25', reason: 'ravageurs', note: 'charançons dans 2 sacs' },
      spoken: 'fr',
    });
    expect(read('loss 7 1 rats')).toEqual({ kind: 'loss', lot: '7', tons: '1', reason: 'rats', note: null });
    for (const text of [
      'LOSS',
      'LOSS 7',
      'LOSS 7 0.2',
      'LOSS seven 0.2 pests',
      'PERTE 7 beaucoup ravageurs',
    ]) {
      expect(read(text), text).toEqual({ kind: 'usage', of: 'loss' });
    }
    // A code copied from paper in groups is read whole, as written (the bot checks it).
    expect(parseCommand('Reçu 7KQ2M xh4pa')).toEqual({
      command: { kind: 'receipt', code: '7KQ2Mxh4pa' },
      spoken: 'fr',
    });
    expect(parseCommand('RECEIPT')).toEqual({ command: { kind: 'usage', of: 'receipt' }, spoken: 'en' });
  });

  it('reads the farm commands: TASKS (fr TÂCHES), DONE n (fr FAIT), HARVEST plan quantity unit (fr RÉCOLTE)', () => {
    expect(parseCommand('Tâches')).toEqual({ command: { kind: 'tasks' }, spoken: 'fr' });
    expect(parseCommand('tasks')).toEqual({ command: { kind: 'tasks' }, spoken: 'en' });
    expect(parseCommand('DONE #3')).toEqual({ command: { kind: 'done', task: '3' }, spoken: 'en' });
    expect(read('fait 12')).toEqual({ kind: 'done', task: '12' });
    expect(parseCommand('Récolte 12 2,5 t')).toEqual({
      command: { kind: 'harvest', plan: '12', quantity: '2.5', unit: 't' },
      spoken: 'fr',
    });
    // The unit is read as typed: the bot names the ones a harvest takes.
    expect(read('HARVEST 12 20 BAG25')).toEqual({
      kind: 'harvest',
      plan: '12',
      quantity: '20',
      unit: 'bag25',
    });
    for (const text of ['DONE', 'DONE three', 'FAIT 3 4']) {
      expect(read(text), text).toEqual({ kind: 'usage', of: 'done' });
    }
    for (const text of [
      'HARVEST',
      'HARVEST 12 20',
      'RECOLTE x 20 kg',
      'HARVEST 12 lots kg',
      'HARVEST 12 1 kg more',
    ]) {
      expect(read(text), text).toEqual({ kind: 'usage', of: 'harvest' });
    }
  });

  it('reads the weather: WEATHER (fr METEO, MÉTÉO, any case), a farm named as written', () => {
    const weather = { kind: 'weather', farm: null };
    expect(parseCommand('WEATHER')).toEqual({ command: weather, spoken: 'en' });
    expect(parseCommand('meteo')).toEqual({ command: weather, spoken: 'fr' });
    expect(parseCommand('Météo')).toEqual({ command: weather, spoken: 'fr' });
    expect(parseCommand('MÉTÉO  Ferme  Nord').command).toEqual({ kind: 'weather', farm: 'Ferme Nord' });
  });

  it('reads prices for all markets or one, the name as written', () => {
    expect(read('PRICES')).toEqual({ kind: 'prices', commodity: null });
    expect(read('prix')).toEqual({ kind: 'prices', commodity: null });
    expect(read('PRIX  Maïs   jaune')).toEqual({ kind: 'prices', commodity: 'Maïs jaune' });
  });

  it('reads a sale: a many-word name, tons and price with a decimal comma, an optional grade', () => {
    expect(read('SELL white maize 10,5 150 a')).toEqual({
      kind: 'sell',
      commodity: 'white maize',
      tons: '10.5',
      price: '150',
      grade: 'A',
      farmer: null,
    });
    expect(read('vendre Maïs 2 99,50')).toEqual({
      kind: 'sell',
      commodity: 'Maïs',
      tons: '2',
      price: '99.50',
      grade: null,
      farmer: null,
    });
    expect(read('VENDS cacao 3 1500 c').kind).toBe('sell');
  });

  it('reads the farmer an agent sells for after FOR (fr POUR), the name as written', () => {
    expect(read('SELL maize 2 150 B FOR Amina')).toEqual({
      kind: 'sell',
      commodity: 'maize',
      tons: '2',
      price: '150',
      grade: 'B',
      farmer: 'Amina',
    });
    expect(read('vendre maïs blanc 2,5 150 pour amina')).toEqual({
      kind: 'sell',
      commodity: 'maïs blanc',
      tons: '2.5',
      price: '150',
      grade: null,
      farmer: 'amina',
    });
    // FOR without a name, or not last but one, is part of nothing: the sale does not fit.
    expect(read('SELL maize 2 150 FOR')).toEqual({ kind: 'usage', of: 'sell' });
    expect(read('SELL FOR amina')).toEqual({ kind: 'usage', of: 'sell' });
  });

  it("reads the seller's order commands: CONTACT, PICKUP (fr RETRAIT), DRIVER (fr LIVREUR)", () => {
    expect(parseCommand('CONTACT 7')).toEqual({ command: { kind: 'contact', order: '7' }, spoken: null });
    expect(parseCommand('pickup #7')).toEqual({ command: { kind: 'pickup', order: '7' }, spoken: 'en' });
    expect(parseCommand('Retrait n°7')).toEqual({ command: { kind: 'pickup', order: '7' }, spoken: 'fr' });
    expect(parseCommand('DRIVER 7 Kwame')).toEqual({
      command: { kind: 'driver', order: '7', driver: 'Kwame' },
      spoken: 'en',
    });
    expect(read('livreur 7 kwame')).toEqual({ kind: 'driver', order: '7', driver: 'kwame' });
    expect(read('CONTACT')).toEqual({ kind: 'usage', of: 'contact' });
    expect(read('CONTACT x')).toEqual({ kind: 'usage', of: 'contact' });
    expect(read('PICKUP 7 8')).toEqual({ kind: 'usage', of: 'pickup' });
    expect(read('DRIVER 7')).toEqual({ kind: 'usage', of: 'driver' });
    expect(read('LIVREUR kwame 7')).toEqual({ kind: 'usage', of: 'driver' });
  });

  it('answers the usage of a command whose arguments do not fit', () => {
    expect(read('SELL maize')).toEqual({ kind: 'usage', of: 'sell' });
    expect(read('SELL 10 150')).toEqual({ kind: 'usage', of: 'sell' });
    expect(read('SELL maize ten 150')).toEqual({ kind: 'usage', of: 'sell' });
    expect(read('BID x 100')).toEqual({ kind: 'usage', of: 'bid' });
    expect(read('BID 12 100 5 6')).toEqual({ kind: 'usage', of: 'bid' });
    expect(read('ACCEPT')).toEqual({ kind: 'usage', of: 'accept' });
    expect(read('ACCEPTER 12 13')).toEqual({ kind: 'usage', of: 'accept' });
  });

  it('reads bids, with or without tons, and OFFRE alone as the list', () => {
    expect(read('BID 12 150')).toEqual({ kind: 'bid', listing: '12', price: '150', tons: null });
    expect(read('offre #12 150,5 2,5')).toEqual({ kind: 'bid', listing: '12', price: '150.5', tons: '2.5' });
    expect(read('OFFRE')).toEqual({ kind: 'bids' });
    expect(read('OFFRES')).toEqual({ kind: 'bids' });
    expect(read('Accepter n°34')).toEqual({ kind: 'accept', bid: '34' });
  });

  it('reads confirmations and cancellations in both languages', () => {
    expect(read('YES 1234')).toEqual({ kind: 'confirm', pin: '1234' });
    expect(read('oui 0007')).toEqual({ kind: 'confirm', pin: '0007' });
    expect(read('Yes')).toEqual({ kind: 'confirm', pin: null });
    expect(read('NON')).toEqual({ kind: 'cancel' });
    expect(read('commandes')).toEqual({ kind: 'orders' });
  });

  it('reads anything else as unknown, control and format characters as spaces', () => {
    expect(read('')).toEqual({ kind: 'unknown' });
    expect(read('hello there')).toEqual({ kind: 'unknown' });
    expect(read('constructor')).toEqual({ kind: 'unknown' });
    expect(read('__proto__ 1')).toEqual({ kind: 'unknown' });
    expect(read('\u0000HELP\u0007')).toEqual({ kind: 'help' });
    expect(read('SELL\u202emaize\u200b 1 2')).toEqual({
      kind: 'sell',
      commodity: 'maize',
      tons: '1',
      price: '2',
      grade: null,
      farmer: null,
    });
  });

  it('reads only the start of a long text, in time linear in what it keeps', () => {
    expect(commandWords(`help ${'x '.repeat(100_000)}`).length).toBeLessThanOrEqual(MAX_COMMAND_TEXT / 2 + 1);
    const started = performance.now();
    read('*'.repeat(1_000_000));
    read(`SELL ${'a '.repeat(500_000)}1 2`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('ALERT / ALERTE', () => {
  it('reads a listing, a new alert with a many-word name and a decimal comma, a removal, and bad forms', () => {
    expect(parseCommand('ALERTE')).toEqual({
      command: { kind: 'alert', commodity: null, price: null, off: false },
      spoken: 'fr',
    });
    expect(read('alert sweet potato 300,5')).toEqual({
      kind: 'alert',
      commodity: 'sweet potato',
      price: '300.5',
      off: false,
    });
    expect(read('Alerte Maïs NON')).toEqual({ kind: 'alert', commodity: 'Maïs', price: null, off: true });
    expect(read('ALERT maize')).toEqual({ kind: 'usage', of: 'alert' });
    expect(read('ALERT 300')).toEqual({ kind: 'usage', of: 'alert' });
    expect(read('ALERT maize lots')).toEqual({ kind: 'usage', of: 'alert' });
  });
});
