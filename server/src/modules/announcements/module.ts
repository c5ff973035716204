import { defineModule } from '../../platform/module.js';
import { AnnouncementResolver } from './announcement.resolver.js';

export const announcementsModule = defineModule({
  name: 'announcements',
  resolvers: [AnnouncementResolver],
});
