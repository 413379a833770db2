import Foundation
import JWTKit
import Synchronization
import ThriveCore
import ThriveImport

/// Why signing in with a provider did not work, in terms the page can explain.
enum OpenIDFailure: Error, Equatable {
    /// The provider could not be reached or answered nonsense (its discovery, keys or token endpoint).
    case unavailable
    /// The provider refused the code (spent, expired, or not for this verifier).
    case codeRefused
    /// The ID token's signature or claims are wrong.
    case badToken(String)
}

/// OpenID Connect's authorization-code flow with PKCE against one provider (Core 1.0 §3.1):
/// discovery, the consent address, the code exchange and the ID token's checks. The discovery
/// document and the signing keys are kept an hour; a token signed with a key not yet seen fetches
/// the keys again once (providers rotate them).
final class OpenIDClient: Sendable {
    struct Discovery: Decodable, Sendable {
        let issuer: String
        let authorizationEndpoint: URL
        let tokenEndpoint: URL
        let jwksURI: URL

        enum CodingKeys: String, CodingKey {
            case issuer
            case authorizationEndpoint = "authorization_endpoint"
            case tokenEndpoint = "token_endpoint"
            case jwksURI = "jwks_uri"
        }
    }

    let app: OpenIDApp
    let transport: any ProviderTransport
    let now: Now
    private let cache = Mutex<(discovery: Discovery?, keys: JWKS?, fetched: Date)>((nil, nil, .distantPast))
    static let cacheLifetime: TimeInterval = 3_600

    init(app: OpenIDApp, transport: any ProviderTransport, now: Now) {
        self.app = app
        self.transport = transport
        self.now = now
    }

    /// Where to send the person. Apple posts its answer back (`form_post`) when a name or e-mail is
    /// asked for; Google comes back with a plain redirect.
    func authorizationURL(redirectURI: String, state: String, nonce: String, challenge: String) async throws(OpenIDFailure)
        -> URL
    {
        let discovery = try await discovered()
        var query: [(String, String)] = [
            ("response_type", "code"), ("client_id", app.clientID), ("redirect_uri", redirectURI), ("state", state),
            ("nonce", nonce), ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ]
        switch app.provider {
        case .google: query += [("scope", "openid email profile"), ("prompt", "select_account")]
        case .apple: query += [("scope", "openid email name"), ("response_mode", "form_post")]
        }
        guard var components = URLComponents(url: discovery.authorizationEndpoint, resolvingAgainstBaseURL: false) else {
            throw .unavailable
        }
        components.percentEncodedQuery = FormEncoding.query(query)
        guard let url = components.url else { throw .unavailable }
        return url
    }

    /// Trades the code for an ID token and checks it: signature against the provider's keys, then
    /// issuer, audience, expiry and the nonce this sign-in sent.
    func signIn(code: String, verifier: String, redirectURI: String, nonce: String) async throws(OpenIDFailure)
        -> IDTokenPayload
    {
        let discovery = try await discovered()
        var fields = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier),
            ("client_id", app.clientID),
        ]
        fields.append(("client_secret", try await clientSecret()))
        let response: ProviderResponse
        do {
            response = try await transport.send(
                .form(discovery.tokenEndpoint, fields, headers: [("accept", "application/json")]))
        } catch {
            throw .unavailable
        }
        guard (200..<300).contains(response.status) else {
            throw (400..<500).contains(response.status) ? .codeRefused : .unavailable
        }
        struct Tokens: Decodable {
            let idToken: String
            enum CodingKeys: String, CodingKey { case idToken = "id_token" }
        }
        guard let tokens = try? JSONDecoder().decode(Tokens.self, from: response.body) else { throw .unavailable }
        let payload = try await verified(tokens.idToken)
        do {
            try IDTokenRules.check(
                payload.claims, provider: app.provider, issuer: app.issuer, clientID: app.clientID, nonce: nonce, now: now())
        } catch {
            throw .badToken("\(error)")
        }
        return payload
    }

    private func verified(_ token: String) async throws(OpenIDFailure) -> IDTokenPayload {
        var jwks = try await signingKeys()
        // A key id not among the kept keys: the provider rotated since; fetch them again, once.
        // (The token comes from the provider's own token endpoint, so this cannot be driven by others.)
        if let kid = Self.keyID(of: token), !jwks.keys.contains(where: { $0.keyIdentifier?.string == kid }) {
            cache.withLock { $0.keys = nil }
            jwks = try await signingKeys()
        }
        let keys = JWTKeyCollection()
        do {
            _ = try await keys.add(jwks: jwks)
            return try await keys.verify(token, as: IDTokenPayload.self)
        } catch {
            throw .badToken("signature")
        }
    }

    /// The `kid` of a compact JWS's header, unverified: only to pick the key.
    static func keyID(of token: String) -> String? {
        struct Header: Decodable { let kid: String? }
        guard let first = token.split(separator: ".").first, let data = Data(base64URLEncoded: first) else { return nil }
        return (try? JSONDecoder().decode(Header.self, from: data))?.kid
    }

    private func discovered() async throws(OpenIDFailure) -> Discovery {
        if let discovery = cache.withLock({ state in
            now().timeIntervalSince(state.fetched) < Self.cacheLifetime ? state.discovery : nil
        }) {
            return discovery
        }
        guard let url = URL(string: app.issuer + "/.well-known/openid-configuration") else { throw .unavailable }
        let discovery: Discovery = try await fetch(url)
        // The document must be the issuer's own (Core Discovery §4.3).
        guard discovery.issuer == app.issuer else { throw .unavailable }
        let time = now()
        cache.withLock { $0 = (discovery, nil, time) }
        return discovery
    }

    private func signingKeys() async throws(OpenIDFailure) -> JWKS {
        if let keys = cache.withLock({ $0.keys }) { return keys }
        let keys: JWKS = try await fetch(try await discovered().jwksURI)
        cache.withLock { $0.keys = keys }
        return keys
    }

    private func fetch<T: Decodable>(_ url: URL) async throws(OpenIDFailure) -> T {
        do {
            let response = try await transport.send(ProviderRequest(url: url, headers: [("accept", "application/json")]))
            guard response.status == 200 else { throw OpenIDFailure.unavailable }
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw .unavailable
        }
    }

    /// Google takes its console's secret; Apple a JWT the server signs with its key (Apple's
    /// "Creating a client secret": ES256, `kid` the key id, issued by the team, for the issuer,
    /// about the client id). Five minutes is enough for one exchange.
    private func clientSecret() async throws(OpenIDFailure) -> String {
        switch app.secret {
        case .shared(let secret):
            return secret
        case .appleKey(let teamID, let keyID, let pem):
            struct ClientAssertion: JWTPayload {
                let iss: String
                let iat: Int
                let exp: Int
                let aud: String
                let sub: String
                func verify(using algorithm: some JWTAlgorithm) async throws {}
            }
            let issued = Int(now().timeIntervalSince1970)
            do {
                let keys = JWTKeyCollection()
                await keys.add(ecdsa: try ES256PrivateKey(pem: pem), kid: JWKIdentifier(string: keyID))
                return try await keys.sign(
                    ClientAssertion(iss: teamID, iat: issued, exp: issued + 300, aud: app.issuer, sub: app.clientID),
                    kid: JWKIdentifier(string: keyID))
            } catch {
                throw .unavailable
            }
        }
    }
}
