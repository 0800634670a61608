// An opened lesson's text, asked for at start-up while the screen's code and texts are still loading (offline, from
// the phone's lessons cache), so that the lesson is drawn in the first render rather than in a second one after it.
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { lessonQuery } from '../../../lib/queries/lesson';
import { firstSessionAnswer } from '../../../lib/session';

const LESSON_PATH = /^\/education\/([^/]+)\/?$/;

export function prefetchLesson(client: QueryClient): void {
  const slug = LESSON_PATH.exec(window.location.pathname)?.[1];
  if (!slug) {
    return;
  }
  // In the language the phone remembers, at once; in the user's own, once the session says it, if that differs
  // (the lesson page reads it in the language the app then shows).
  const remembered = i18next.language;
  if (remembered) {
    void client.prefetchQuery(lessonQuery(slug, remembered));
  }
  void firstSessionAnswer.then((user) => {
    if (user && user.language !== remembered) {
      void client.prefetchQuery(lessonQuery(slug, user.language));
    }
  });
}
