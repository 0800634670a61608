// Lazy handles on the chart components: recharts loads only when a chart is drawn.
import { lazy } from 'react';

export const Sparkline = lazy(() => import('./charts').then((m) => ({ default: m.Sparkline })));
export const PriceChart = lazy(() => import('./charts').then((m) => ({ default: m.PriceChart })));
