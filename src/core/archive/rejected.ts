/** Why a cache archive was refused: one line, ready for the report (names are escaped by the caller). */
export class Rejected extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'Rejected'
  }
}
