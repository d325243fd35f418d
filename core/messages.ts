/** The specification's messages, word for word (SPEC §2, §6). */
export const MESSAGES = {
  mustLogin: "You must login first",
  noItems: "No items found.., please search by product category or product name",
  noItemsByName: "No items found...please search by product name",
} as const;
