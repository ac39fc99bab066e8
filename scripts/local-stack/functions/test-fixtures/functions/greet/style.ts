export const punctuation = ''
