// The lessons module's public face: the Learning Center's lessons (shipped with the app, in both languages, cited),
// found by topic, crop, stage and words or by the reader's crops now, each reader's progress, its counts for
// co-operative admins and agents (never who) and the reader's choice to be counted; the experts a manager names.
// Others import lessons only through this file.
import type { ModuleDefinition } from '../module';
import { authoringRoutes } from './authoring.routes';
import { learningCountsRoutes } from './learning-counts.routes';
import { lessonsRoutes } from './lessons.routes';

export { type DemoReading, keepDemoReadingPrivate, recordDemoReading } from './demo-progress';
export { isExpert, nameExpert } from './experts.repo';
export {
  lessonOpenedByPhone,
  lessonSteps,
  lessonsOfTopic,
  lessonTitlesForCrop,
  lessonTitlesWithWords,
  type PhoneLessonTitle,
  phoneLessonChoices,
} from './lessons-phone';
export { installShippedLessons } from './shipped';

export const lessonsModule: ModuleDefinition = {
  name: 'lessons',
  routes: [lessonsRoutes, authoringRoutes, learningCountsRoutes],
};
