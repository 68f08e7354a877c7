/** LIKE's wildcards and its escape character ('!') taken literally. */
export const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);
