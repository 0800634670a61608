// Server-side messages: a template's "de" before a name is elided in French as the message is made.
import { describe, expect, it } from 'vitest';
import { translate } from './i18n';

const sale = { tons: 2, name: 'Arachide', grade: 'A', price: '300' };

describe('translate', () => {
  it('elides a French "de" before a name that starts with a vowel', () => {
    expect(translate('fr', 'phone.summary.sell', sale)).toBe("Vendre 2 t d'Arachide qualité A à 300/t");
    expect(
      translate('fr', 'phone.summary.accept', { id: 3, buyer: 'Ama', tons: 1, name: 'Igname', price: 9 }),
    ).toBe("Accepter l'offre 3 d'Ama : 1 t d'Igname à 9/t");
  });

  it('keeps the "de" before a consonant, an aspirated h and a number, and in English', () => {
    expect(translate('fr', 'phone.summary.sell', { ...sale, name: 'Maïs' })).toBe(
      'Vendre 2 t de Maïs qualité A à 300/t',
    );
    expect(translate('fr', 'phone.summary.sell', { ...sale, name: 'haricots' })).toContain('t de haricots');
    expect(translate('fr', 'phone.summary.pickup', { id: 4, tons: 2, name: 'Yam', buyer: 'Yaw' })).toBe(
      'Commande 4 (2 t de Yam) : Yaw vient la chercher',
    );
    expect(translate('en', 'phone.summary.sell', sale)).toContain('Arachide');
    expect(translate('en', 'phone.summary.sell', sale)).not.toContain("d'");
  });
});
