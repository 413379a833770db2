import Foundation
import JWTKit
import ThriveCore

/// The claims of an ID token as providers write them. Signature checks are jwt-kit's; what the
/// claims must say is ``IDTokenRules``, checked after, so that each rule is tested on its own.
struct IDTokenPayload: JWTPayload {
    let iss: String
    let sub: String
    let aud: AudienceClaim
    let exp: Double
    let iat: Double?
    let nonce: String?
    let email: String?
    let emailVerified: Bool
    let name: String?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, email, name
        case emailVerified = "email_verified"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        sub = try container.decode(String.self, forKey: .sub)
        aud = try container.decode(AudienceClaim.self, forKey: .aud)
        exp = try container.decode(Double.self, forKey: .exp)
        iat = try container.decodeIfPresent(Double.self, forKey: .iat)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        // Google writes a boolean, Apple the string "true".
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else {
            emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)) == "true"
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        try container.encode(sub, forKey: .sub)
        try container.encode(aud, forKey: .aud)
        try container.encode(exp, forKey: .exp)
        try container.encodeIfPresent(iat, forKey: .iat)
        try container.encodeIfPresent(nonce, forKey: .nonce)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(emailVerified, forKey: .emailVerified)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}

    var claims: IDTokenClaims {
        IDTokenClaims(
            issuer: iss, subject: sub, audiences: aud.value, expires: Date(timeIntervalSince1970: exp),
            issuedAt: iat.map { Date(timeIntervalSince1970: $0) }, nonce: nonce, email: email, emailVerified: emailVerified)
    }
}
