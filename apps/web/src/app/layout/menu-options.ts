import {
  MENU_XL_BREAKPOINT_AFTER_ITEMS,
  pageRoute,
  type MenuOptionsResponse,
  type PageId,
} from '@anybank/contracts';
// The type only: the schema loads with zod when the menu is asked for (lib/shell-schemas.ts).
import type { menuOptionsResponseSchema } from '@anybank/contracts';

/**
 * The navbar's menu for signed-in customers (document 2 §6, §7, §9), DOM-free for the unit
 * tests: `GET /api/menu-options` answers a map of `{title, url}`; entries without a title are
 * dropped; more than 2 items move the collapse breakpoint from lg to xl.
 */

export interface MenuItem {
  key: string;
  title: string;
  url: string;
  /** True for an address of another site (`https://…`): a plain link, not a route. */
  external: boolean;
}

/** The nav items of a menu-options answer, in the server's order; null for a bad answer. */
export function menuItemsOf(
  body: unknown,
  schema: typeof menuOptionsResponseSchema,
): MenuItem[] | null {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return null;
  return itemsOf(parsed.data);
}

function itemsOf(options: MenuOptionsResponse): MenuItem[] {
  return Object.entries(options).flatMap(([key, option]): MenuItem[] => {
    const title = option.title?.trim();
    if (!title) return [];
    return [{ key, title, url: option.url, external: /^[a-z][a-z\d+.-]*:/i.test(option.url) }];
  });
}

/** §9: the navbar collapses below xl with more than 2 items, below lg otherwise. */
export function navbarExpandOf(itemCount: number): 'xl' | 'lg' {
  return itemCount > MENU_XL_BREAKPOINT_AFTER_ITEMS ? 'xl' : 'lg';
}

/**
 * The menu of everyone but a signed-in customer (document 1 §2.7's "menu items"): the bank's
 * marketing pages, each at its path in the route table.
 */
const VISITOR_PAGES: readonly { pageId: PageId; title: string }[] = [
  { pageId: 'personal', title: 'Personal' },
  { pageId: 'small-business', title: 'Small Business' },
  { pageId: 'wealth', title: 'Wealth' },
  { pageId: 'about-us', title: 'About Us' },
];

export const VISITOR_MENU: readonly MenuItem[] = VISITOR_PAGES.map(({ pageId, title }) => ({
  key: pageId,
  title,
  url: pageRoute(pageId).paths[0] ?? '/',
  external: false,
}));
