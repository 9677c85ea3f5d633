// The other half of import-cycle-a.ts's cycle.
import { a } from './import-cycle-a.ts';

export const b = () => a;
