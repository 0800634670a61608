// The USSD Learn menu: the topics that have lessons, a topic's lessons (paged as every USSD list), and the one
// chosen sent by SMS (its title and three key steps, as LEARN 12 answers them) while the session ends saying so.
// The SMS goes by the bot's reply queue, once per session and path (a request the network sends again sends none).
import type { LessonTopic } from '../../contract/lessons';
import type { SessionUser } from '../http/access';
import { translate } from '../http/i18n';
import { lessonsOfTopic, type PhoneLessonTitle, phoneLessonChoices } from '../lessons';
import { queueBotReply } from '../notifications';
import { lessonStepsReply } from './phone-learn';
import { shortTitle } from './phone-learn-text';
import { say } from './phone-text';
import { once, type Session } from './ussd-confirm';
import { choiceScreen, end, type Screen } from './ussd-screens';

const topicName = (user: SessionUser, topic: LessonTopic) =>
  translate(user.language, `lessons.topics.${topic}`);

export async function learnScreen(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const { topics } = await phoneLessonChoices(session.ctx.db);
  if (topics.length === 0) {
    return end(say(lang, 'ussd.learn.none'));
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.learn.topics'),
    items: topics,
    label: (topic) => topicName(user, topic),
    pick: (topic) => topicScreen(session, user, topic),
  });
}

async function topicScreen(session: Session, user: SessionUser, topic: LessonTopic): Promise<Screen> {
  const lang = user.language;
  const lessons = await lessonsOfTopic(session.ctx.db, topic, lang);
  if (lessons.length === 0) {
    return end(say(lang, 'ussd.learn.none'));
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.learn.lessons', { topic: topicName(user, topic) }),
    items: lessons,
    label: (lesson) => shortTitle(lesson.title),
    pick: async (lesson) => end(await once(session, lang, () => sendLesson(session, user, lesson))),
  });
}

/** Queues the lesson's steps by SMS to the number that dialled; the closing screen's words. */
async function sendLesson(session: Session, user: SessionUser, lesson: PhoneLessonTitle): Promise<string> {
  const lang = user.language;
  const { ctx, request } = session;
  if (ctx.config.channels.sms === null) {
    return say(lang, 'ussd.learn.smsOff', { id: lesson.id });
  }
  const body = await lessonStepsReply(ctx, lang, user.id, lesson.id);
  if (body === null) {
    // Unpublished between the list and the choice.
    return say(lang, 'learn.notFound', { id: lesson.id });
  }
  await queueBotReply(ctx.db, { userId: user.id, channel: 'sms', recipient: request.phoneNumber, body });
  return say(lang, 'ussd.learn.sent', { id: lesson.id, title: shortTitle(lesson.title) });
}
