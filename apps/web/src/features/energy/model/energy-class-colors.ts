// The colours of the energy class scale A–G, the familiar ones of energy labels (dark green A …
// red G), each with the text colour that reads on it at WCAG AA (4.5:1, checked by its test).
import type { EnergyClass } from '@portal/contracts/energy-summary';

export type ClassColors = { background: string; text: string };

const WHITE = '#ffffff';
const BLACK = '#000000';

/**
 * The label greens and reds are too light for white text (#00a651 is 3.2:1), so A and G are the
 * darker shades that carry it; B–F keep the bright label colours under black text.
 */
export const ENERGY_CLASS_COLORS: Record<EnergyClass, ClassColors> = {
  A: { background: '#00843d', text: WHITE },
  B: { background: '#50b848', text: BLACK },
  C: { background: '#bed630', text: BLACK },
  D: { background: '#fff200', text: BLACK },
  E: { background: '#fdb913', text: BLACK },
  F: { background: '#f37021', text: BLACK },
  G: { background: '#c8102e', text: WHITE },
};

/**
 * A border dark enough against the page (3:1 for what is not text) around the lighter colours,
 * which alone would hardly stand out from white (the yellow of D is 1.2:1).
 */
export const CLASS_BORDER = '1px solid rgba(0, 0, 0, 0.55)';
