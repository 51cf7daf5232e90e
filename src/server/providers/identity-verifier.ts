/** Checks a Nigerian BVN or NIN with the issuing registry. */
export type IdentityVerifier = {
  readonly name: string
  verify(input: {
    idType: 'bvn' | 'nin'
    idNumber: string
  }): Promise<{ verified: true } | { verified: false; reason: string }>
}
