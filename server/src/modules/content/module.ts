import { defineModule } from '../../platform/module.js';
import { Link } from './link.entity.js';
import { ContentPageVersion } from './content-page.entity.js';
import { NewsArticle } from './news-article.entity.js';
import { ContentResolver, NewsResolver } from './content.resolver.js';
import { ContentPageResolver } from './content-page.resolver.js';
import { contentRoutes } from './content.routes.js';

export const contentModule = defineModule({
  name: 'content',
  entities: [Link, ContentPageVersion, NewsArticle],
  resolvers: [ContentResolver, ContentPageResolver, NewsResolver],
  routes: [...contentRoutes],
});
