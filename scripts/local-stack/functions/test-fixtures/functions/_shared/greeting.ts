// A shared module: editing it must restart the functions that import it.
export function greet(name: string): string {
  return `Hello, ${name}!`
}
