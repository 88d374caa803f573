/** Why a cache archive was refused: one line, ready for the report (names are escaped by the caller). */
export class Rejected extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'Rejected'
  }
}

/** The source does not hold the entry at all: a miss, not a refusal of what it held. */
export class Absent extends Rejected {
  constructor(message: string) {
    super(message)
    this.name = 'Absent'
  }
}
