// The lessons module's public face: the Learning Center's lessons (shipped with the app, in both languages, cited),
// found by topic, crop, stage and words or by the reader's crops now, and each reader's progress. Others import
// lessons only through this file.
import type { ModuleDefinition } from '../module';
import { authoringRoutes } from './authoring.routes';
import { lessonsRoutes } from './lessons.routes';

export { installShippedLessons } from './shipped';

export const lessonsModule: ModuleDefinition = {
  name: 'lessons',
  routes: [lessonsRoutes, authoringRoutes],
};
