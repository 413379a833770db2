import Foundation
import ThriveCore

/// The OAuth 2.0 authorization-code flow with PKCE (RFC 6749, RFC 7636) against one provider:
/// the address the person is sent to, the code exchange, refreshes and revocation. Each provider's
/// quirks (Fitbit's Basic client authentication, Withings' `action` field and wrapped answers,
/// Google's offline access, WHOOP's `offline` scope and DELETE to revoke) are kept here.
public struct OAuthClient: Sendable {
    public let app: ProviderApp
    let transport: any ProviderTransport

    public init(app: ProviderApp, transport: any ProviderTransport) {
        self.app = app
        self.transport = transport
    }

    var provider: DeviceProvider { app.provider }

    /// The provider's scope words for what Thrive asks (each provider names them its own way).
    public static func scopeWords(_ provider: DeviceProvider, _ scopes: [DeviceScope]) -> [String] {
        var words: [String] = []
        func add(_ word: String) { if !words.contains(word) { words.append(word) } }
        for scope in scopes {
            switch (provider, scope) {
            case (.fitbit, .heartRate): add("heartrate")
            case (.fitbit, .activity): add("activity")
            case (.fitbit, .sleep): add("sleep")
            case (.fitbit, .oxygen): add("oxygen_saturation")
            case (.fitbit, .body): add("weight")
            case (.oura, .heartRate): add("heartrate")
            case (.oura, .activity), (.oura, .sleep): add("daily")
            case (.oura, .oxygen): add("spo2")
            case (.oura, .body): add("personal")
            // Withings' measures (weight, pulse, SpO₂) are metrics; its minute series and sleep are activity.
            case (.withings, .heartRate), (.withings, .body), (.withings, .oxygen): add("user.metrics")
            case (.withings, .activity), (.withings, .sleep): add("user.activity")
            case (.googleFit, .heartRate): add("https://www.googleapis.com/auth/fitness.heart_rate.read")
            case (.googleFit, .activity): add("https://www.googleapis.com/auth/fitness.activity.read")
            case (.googleFit, .sleep): add("https://www.googleapis.com/auth/fitness.sleep.read")
            case (.googleFit, .oxygen): add("https://www.googleapis.com/auth/fitness.oxygen_saturation.read")
            case (.googleFit, .body): add("https://www.googleapis.com/auth/fitness.body.read")
            case (.whoop, .heartRate), (.whoop, .oxygen): add("read:recovery")
            case (.whoop, .activity): add("read:cycles")
            case (.whoop, .sleep): add("read:sleep")
            case (.whoop, .body): add("read:body_measurement")
            }
        }
        // WHOOP sends a refresh token only when asked for offline access.
        if provider == .whoop { add("offline") }
        return words
    }

    /// Where to send the person to consent.
    public func authorizationURL(redirectURI: String, state: String, challenge: String) -> URL {
        var components = URLComponents(url: app.endpoints.authorize, resolvingAgainstBaseURL: false)!
        var query: [(String, String)] = [
            ("response_type", "code"), ("client_id", app.clientID), ("redirect_uri", redirectURI),
            ("scope", Self.scopeWords(provider, provider.scopes).joined(separator: provider == .withings ? "," : " ")),
            ("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ]
        if provider == .googleFit { query += [("access_type", "offline"), ("prompt", "consent")] }
        components.percentEncodedQuery = FormEncoding.query(query)
        return components.url!
    }

    /// Trades the code from the callback, with the verifier only the app knows, for tokens.
    public func exchange(code: String, verifier: String, redirectURI: String) async throws(ProviderError) -> TokenGrant {
        try await grant([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier),
        ])
    }

    /// A new access token (and, for most providers, a new refresh token: the old one is then spent).
    public func refresh(_ token: SecretToken) async throws(ProviderError) -> TokenGrant {
        try await grant([("grant_type", "refresh_token"), ("refresh_token", token.reveal())])
    }

    /// Oura and WHOOP revoke with an access token (Thrive refreshes first); Fitbit and Google take
    /// the refresh token itself.
    public var revokesWithAccessToken: Bool { provider == .oura || provider == .whoop }

    /// Asks the provider to forget Thrive's authorization. A token it no longer knows is already
    /// revoked, which is what the person wanted.
    public func revoke(_ token: SecretToken) async throws(ProviderError) {
        let request: ProviderRequest
        switch provider {
        case .whoop:
            request = ProviderRequest(
                method: "DELETE", url: app.endpoints.revoke, headers: [("Authorization", "Bearer \(token.reveal())")])
        case .withings:
            // Withings revokes only through a signed nonce exchange (HMAC over action, client id and
            // a nonce fetched first), which Thrive does not do yet: the settings page tells the person
            // to remove Thrive under their Withings account's partners too.
            return
        case .fitbit:
            request = .form(app.endpoints.revoke, [("token", token.reveal())], headers: [basicAuthorization])
        case .oura:
            var components = URLComponents(url: app.endpoints.revoke, resolvingAgainstBaseURL: false)!
            components.percentEncodedQuery = "access_token=\(FormEncoding.escape(token.reveal()))"
            request = ProviderRequest(url: components.url!)
        case .googleFit:
            request = .form(app.endpoints.revoke, [("token", token.reveal())])
        }
        let response = try await send(request)
        if response.status == 429 { throw .rateLimited(retryAfter: Self.retryAfter(response)) }
        guard (200..<300).contains(response.status) || [400, 401].contains(response.status) else {
            throw .unavailable(status: response.status)
        }
    }

    private var basicAuthorization: (String, String) {
        ("Authorization", "Basic " + Data("\(app.clientID):\(app.clientSecret)".utf8).base64EncodedString())
    }

    private func grant(_ fields: [(String, String)]) async throws(ProviderError) -> TokenGrant {
        let request: ProviderRequest
        switch provider {
        case .fitbit:
            request = .form(app.endpoints.token, fields + [("client_id", app.clientID)], headers: [basicAuthorization])
        case .withings:
            request = .form(
                app.endpoints.token,
                [("action", "requesttoken"), ("client_id", app.clientID), ("client_secret", app.clientSecret)] + fields)
        case .oura, .googleFit, .whoop:
            request = .form(app.endpoints.token, fields + [("client_id", app.clientID), ("client_secret", app.clientSecret)])
        }
        let response = try await send(request)
        if response.status == 429 { throw .rateLimited(retryAfter: Self.retryAfter(response)) }
        guard var object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            throw response.status == 200 ? .unreadable : .unavailable(status: response.status)
        }
        if provider == .withings {
            let status = object["status"] as? Int ?? -1
            if status == 601 { throw .rateLimited(retryAfter: nil) }
            if status == 401 || status == 503 { throw .revoked }
            guard status == 0, let body = object["body"] as? [String: Any] else { throw .unavailable(status: status) }
            object = body
        } else if !(200..<300).contains(response.status) {
            throw Self.isInvalidGrant(object) ? .revoked : .unavailable(status: response.status)
        }
        guard let access = object["access_token"] as? String, !access.isEmpty else { throw .unreadable }
        let grant = TokenGrant(
            access: SecretToken(access), refresh: (object["refresh_token"] as? String).map(SecretToken.init),
            expiresIn: object["expires_in"] as? Int, scope: object["scope"] as? String)
        // The parsed answer holds the tokens too: drop it before returning.
        object.removeAll()
        return grant
    }

    /// `{"error": "invalid_grant"}` (RFC 6749 §5.2), or Fitbit's `{"errors": [{"errorType": …}]}`.
    static func isInvalidGrant(_ object: [String: Any]) -> Bool {
        if let error = object["error"] as? String { return error == "invalid_grant" || error == "invalid_token" }
        if let errors = object["errors"] as? [[String: Any]] {
            return errors.contains { ["invalid_grant", "invalid_token"].contains($0["errorType"] as? String ?? "") }
        }
        return false
    }

    /// Retry-After in seconds (RFC 9110 §10.2.3; the date form is read too).
    static func retryAfter(_ response: ProviderResponse) -> TimeInterval? {
        guard let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = TimeInterval(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }

    private func send(_ request: ProviderRequest) async throws(ProviderError) -> ProviderResponse {
        do { return try await transport.send(request) } catch { throw .unavailable(status: 0) }
    }
}
