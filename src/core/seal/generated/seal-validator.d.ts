import type { ErrorObject } from 'ajv'
/** Ajv standalone validator for schema/seal-v1.schema.json (generated). */
export interface CompiledValidator {
  (data: unknown): boolean
  errors?: ErrorObject[] | null
}
export declare const validate: CompiledValidator
export default validate
