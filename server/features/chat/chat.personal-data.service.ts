import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseChat, findChat, personalTables, readChat } from './chat.personal-data.repository.ts';

export const chatPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readChat>>> = {
  tables: personalTables,
  find: findChat,
  export: (db, _person, records) => readChat(db, records.chatMessageIds),
  erase: (db, { person, records }) => eraseChat(db, person.id, records.chatMessageIds),
};
