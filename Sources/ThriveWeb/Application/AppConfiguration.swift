import Foundation
import Logging
import ThriveCore
import ThriveNotify

/// Everything an operator can set, each from a flag or an environment variable (the flag wins),
/// with a safe default: loopback only, SQLite in `./data`.
public struct AppConfiguration: Sendable, Hashable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var dataDirectory = "data"
    /// `postgres://…` selects PostgreSQL; empty means SQLite in ``dataDirectory``.
    public var databaseURL: String?
    public var logLevel: Logger.Level = .info
    /// Minutes without activity after which a browser session ends: 30 days, so that a phone stays
    /// signed in (the app lock, each person's setting, guards the sensitive moments instead).
    public var sessionIdleMinutes = 43_200
    /// The app lock's minutes for people who never chose (nil: off until they turn it on).
    public var appLockMinutes: Int? = AppLock.defaultMinutes
    /// Reverse proxies whose `X-Forwarded-For` names the client (for the sign-in throttle).
    public var trustedProxies: Set<String> = []
    /// The address people reach Thrive at. When it is `https://…` (TLS at a proxy in front), cookies
    /// are marked Secure and HSTS is sent.
    public var publicURL: String?
    /// bcrypt work factor; 12 takes ≥ 50 ms per hash on current hardware (see the benchmark).
    public var bcryptCost = 12
    /// The hosted coach people may choose in their settings; nil (no key) leaves only the on-device one.
    public var hostedCoach: HostedCoachConfiguration?
    /// Whether this process runs the background jobs (reminders, planning): on for `thrive serve`
    /// unless `THRIVE_BACKGROUND_JOBS=off` (a process that only answers requests while others on the
    /// same PostgreSQL run them); off for an app built in tests, which run jobs by hand.
    public var backgroundJobs = false
    /// Push delivery: the operator's contact given to push services.
    public var push = PushConfiguration()
    /// Seconds a claimed job stays this process's before another may take it up (a crashed server's).
    public var jobLeaseSeconds = 120
    /// Where uploaded exports wait for their import; nil: `imports` in ``dataDirectory``.
    public var importDirectory: String?
    /// The largest export a person may upload.
    public var importLimitBytes = 16 * 1_073_741_824
    /// Device providers the operator registered Thrive with, and the key that seals their tokens.
    public var devices = DeviceConfiguration()
    /// Google and Apple, when the operator registered Thrive with them (spec 003 FR-004).
    public var socialSignIn = SocialSignInConfiguration()

    /// Whether accounts unused for six months are deleted, after warnings at 30 and 7 days (spec 004).
    public var inactivityDeletion = true
    /// Where finished exports wait to be downloaded; nil: `exports` in ``dataDirectory``.
    public var exportDirectory: String?
    /// Where AAT lab results stop being ordinary (see ``AATThresholds`` for the defaults' sources).
    public var aatThresholds = AATThresholds()
    /// The air-quality service for spec 001's poor-air alerts; off (nil) unless configured.
    public var airQuality: AirQualityConfiguration?

    public var exportFolder: URL {
        URL(fileURLWithPath: exportDirectory ?? URL(fileURLWithPath: dataDirectory).appendingPathComponent("exports").path)
    }

    public var importFolder: URL {
        URL(fileURLWithPath: importDirectory ?? URL(fileURLWithPath: dataDirectory).appendingPathComponent("imports").path)
    }

    public init() {}

    /// The environment variables each setting reads, for `--help` and the README.
    public enum Variable: String, CaseIterable, Sendable {
        case host = "THRIVE_HOST"
        case port = "THRIVE_PORT"
        case dataDirectory = "THRIVE_DATA_DIR"
        case databaseURL = "THRIVE_DATABASE_URL"
        case logLevel = "THRIVE_LOG_LEVEL"
        case sessionIdleMinutes = "THRIVE_SESSION_IDLE_MINUTES"
        case appLockMinutes = "THRIVE_APP_LOCK_MINUTES"
        case trustedProxies = "THRIVE_TRUSTED_PROXIES"
        case publicURL = "THRIVE_PUBLIC_URL"
        case bcryptCost = "THRIVE_BCRYPT_COST"
        case anthropicAPIKey = "THRIVE_ANTHROPIC_API_KEY"
        case anthropicModel = "THRIVE_ANTHROPIC_MODEL"
        case anthropicURL = "THRIVE_ANTHROPIC_URL"
        case coachTimeout = "THRIVE_COACH_TIMEOUT_SECONDS"
        case backgroundJobs = "THRIVE_BACKGROUND_JOBS"
        case pushContact = "THRIVE_PUSH_CONTACT"
        case jobLeaseSeconds = "THRIVE_JOB_LEASE_SECONDS"
        case apnsKeyFile = "THRIVE_APNS_KEY_FILE"
        case apnsKeyID = "THRIVE_APNS_KEY_ID"
        case apnsTeamID = "THRIVE_APNS_TEAM_ID"
        case apnsTopic = "THRIVE_APNS_TOPIC"
        case apnsURL = "THRIVE_APNS_URL"
        case apnsCAFile = "THRIVE_APNS_CA_FILE"
        case smtpURL = "THRIVE_SMTP_URL"
        case smtpFrom = "THRIVE_SMTP_FROM"
        case importDirectory = "THRIVE_IMPORT_DIR"
        case importLimit = "THRIVE_IMPORT_LIMIT_GB"
        case exportDirectory = "THRIVE_EXPORT_DIR"
        case inactivityDeletion = "THRIVE_INACTIVITY_DELETION"
        case deviceKey = "THRIVE_DEVICE_KEY"
        case deviceProviderURL = "THRIVE_DEVICE_PROVIDER_URL"
        case fitbitClientID = "THRIVE_FITBIT_CLIENT_ID"
        case fitbitClientSecret = "THRIVE_FITBIT_CLIENT_SECRET"
        case ouraClientID = "THRIVE_OURA_CLIENT_ID"
        case ouraClientSecret = "THRIVE_OURA_CLIENT_SECRET"
        case withingsClientID = "THRIVE_WITHINGS_CLIENT_ID"
        case withingsClientSecret = "THRIVE_WITHINGS_CLIENT_SECRET"
        case googleFitClientID = "THRIVE_GOOGLE_FIT_CLIENT_ID"
        case googleFitClientSecret = "THRIVE_GOOGLE_FIT_CLIENT_SECRET"
        case whoopClientID = "THRIVE_WHOOP_CLIENT_ID"
        case whoopClientSecret = "THRIVE_WHOOP_CLIENT_SECRET"
        case googleClientID = "THRIVE_GOOGLE_CLIENT_ID"
        case googleClientSecret = "THRIVE_GOOGLE_CLIENT_SECRET"
        case googleIssuer = "THRIVE_GOOGLE_ISSUER"
        case appleClientID = "THRIVE_APPLE_CLIENT_ID"
        case appleTeamID = "THRIVE_APPLE_TEAM_ID"
        case appleKeyID = "THRIVE_APPLE_KEY_ID"
        case appleKeyFile = "THRIVE_APPLE_KEY_FILE"
        case appleIssuer = "THRIVE_APPLE_ISSUER"
        case aatNormalRange = "THRIVE_AAT_NORMAL_RANGE"
        case aatProtective = "THRIVE_AAT_PROTECTIVE_MG_DL"
        case aatSpikeFactor = "THRIVE_AAT_SPIKE_FACTOR"
        case airQualityURL = "THRIVE_AIR_QUALITY_URL"
    }

    /// Reads the environment over the defaults. Invalid values are refused with a message naming the
    /// variable, rather than silently replaced by a default.
    public init(environment: [String: String]) throws(ConfigurationError) {
        func value(_ variable: Variable) -> String? {
            guard let text = environment[variable.rawValue]?.trimmingCharacters(in: .whitespaces), !text.isEmpty
            else { return nil }
            return text
        }
        if let host = value(.host) { self.host = host }
        if let port = value(.port) { self.port = try Self.parsePort(port, source: Variable.port.rawValue) }
        if let dataDirectory = value(.dataDirectory) { self.dataDirectory = dataDirectory }
        databaseURL = value(.databaseURL)
        if let level = value(.logLevel) { logLevel = try Self.parseLogLevel(level, source: Variable.logLevel.rawValue) }
        if let minutes = value(.sessionIdleMinutes) {
            sessionIdleMinutes = try Self.parseIdleMinutes(minutes, source: Variable.sessionIdleMinutes.rawValue)
        }
        if let minutes = value(.appLockMinutes) {
            guard let parsed = AppLock.operatorDefault(minutes) else {
                throw ConfigurationError("\(Variable.appLockMinutes.rawValue) must be off, 1, 5, 15, 30 or 60.")
            }
            appLockMinutes = parsed
        }
        if let proxies = value(.trustedProxies) {
            trustedProxies = try Self.parseAddresses(proxies, source: Variable.trustedProxies.rawValue)
        }
        publicURL = value(.publicURL)
        backgroundJobs = true
        if let jobs = value(.backgroundJobs) {
            switch jobs.lowercased() {
            case "on": backgroundJobs = true
            case "off": backgroundJobs = false
            default: throw ConfigurationError("\(Variable.backgroundJobs.rawValue) must be on or off.")
            }
        }
        if let contact = value(.pushContact) {
            guard contact.hasPrefix("mailto:") || contact.hasPrefix("https://") else {
                throw ConfigurationError("\(Variable.pushContact.rawValue) must be a mailto: or https:// address.")
            }
            push.contact = contact
        } else if let publicURL, let host = URL(string: publicURL)?.host {
            push.contact = "mailto:thrive@\(host)"
        }
        push.publicURL = publicURL
        if let lease = value(.jobLeaseSeconds) {
            guard let seconds = Int(lease), (5...3_600).contains(seconds) else {
                throw ConfigurationError("\(Variable.jobLeaseSeconds.rawValue) must be a whole number of seconds from 5 to 3600.")
            }
            jobLeaseSeconds = seconds
        }
        importDirectory = value(.importDirectory)
        exportDirectory = value(.exportDirectory)
        if let deletion = value(.inactivityDeletion) {
            guard let on = ["on": true, "off": false][deletion.lowercased()] else {
                throw ConfigurationError("\(Variable.inactivityDeletion.rawValue) must be on or off.")
            }
            inactivityDeletion = on
        }
        if let limit = value(.importLimit) {
            guard let gigabytes = Int(limit), (1...1_024).contains(gigabytes) else {
                throw ConfigurationError("\(Variable.importLimit.rawValue) must be a whole number of gigabytes from 1 to 1024.")
            }
            importLimitBytes = gigabytes * 1_073_741_824
        }
        aatThresholds = try Self.aat(value)
        if let url = value(.airQualityURL) {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                throw ConfigurationError("\(Variable.airQualityURL.rawValue) must be an http:// or https:// address.")
            }
            airQuality = AirQualityConfiguration(baseURL: url.hasSuffix("/") ? String(url.dropLast()) : url)
        }
        devices = try DeviceConfiguration(value)
        socialSignIn = try SocialSignInConfiguration(value)
        push.apns = try Self.apns(value)
        push.smtp = try Self.smtp(value)
        if let cost = value(.bcryptCost) {
            guard let parsed = Int(cost), (10...16).contains(parsed) else {
                throw ConfigurationError("\(Variable.bcryptCost.rawValue) must be a whole number from 10 to 16.")
            }
            bcryptCost = parsed
        }
        if let key = value(.anthropicAPIKey) {
            var coach = HostedCoachConfiguration(apiKey: key)
            if let model = value(.anthropicModel) { coach.model = model }
            if let url = value(.anthropicURL) {
                coach.baseURL = try HostedCoachConfiguration.checkedURL(url, source: Variable.anthropicURL.rawValue)
            }
            if let seconds = value(.coachTimeout) {
                guard let parsed = Int(seconds), (1...120).contains(parsed) else {
                    throw ConfigurationError("\(Variable.coachTimeout.rawValue) must be a whole number of seconds from 1 to 120.")
                }
                coach.timeoutSeconds = parsed
            }
            hostedCoach = coach
        }
    }

    /// APNs when its key file, key id, team id and topic are all given; a part alone is an error.
    static func apns(_ value: (Variable) -> String?) throws(ConfigurationError) -> APNsSetup? {
        guard
            try allOrNone([.apnsKeyFile, .apnsKeyID, .apnsTeamID, .apnsTopic], value),
            let file = value(.apnsKeyFile), let keyID = value(.apnsKeyID), let teamID = value(.apnsTeamID),
            let topic = value(.apnsTopic)
        else { return nil }
        guard let pem = try? String(contentsOfFile: file, encoding: .utf8), APNsSetup.isKey(pem) else {
            throw ConfigurationError("\(Variable.apnsKeyFile.rawValue) must name a readable .p8 key (PEM, P-256).")
        }
        var setup = APNsSetup(keyPEM: pem, keyID: keyID, teamID: teamID, topic: topic)
        if let url = value(.apnsURL) {
            guard url.hasPrefix("https://") else { throw ConfigurationError("\(Variable.apnsURL.rawValue) must be https://…") }
            setup.baseURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        }
        if let file = value(.apnsCAFile) {
            guard let ca = try? String(contentsOfFile: file, encoding: .utf8), ca.contains("BEGIN CERTIFICATE") else {
                throw ConfigurationError("\(Variable.apnsCAFile.rawValue) must name a readable PEM certificate.")
            }
            setup.trustedCAPEM = ca
        }
        return setup
    }

    /// The AAT thresholds: a normal range as `100-200` (mg/dL), the protective threshold and the
    /// spike factor, each over the default, and together making sense.
    static func aat(_ value: (Variable) -> String?) throws(ConfigurationError) -> AATThresholds {
        var thresholds = AATThresholds()
        if let range = value(.aatNormalRange) {
            let parts = range.split(separator: "-").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let low = parts[0], let high = parts[1] else {
                throw ConfigurationError("\(Variable.aatNormalRange.rawValue) must be a range in mg/dL such as 100-200.")
            }
            thresholds.normalLow = low
            thresholds.normalHigh = high
        }
        if let protective = value(.aatProtective) {
            guard let level = Double(protective) else {
                throw ConfigurationError("\(Variable.aatProtective.rawValue) must be a level in mg/dL such as 57.")
            }
            thresholds.protective = level
        }
        if let factor = value(.aatSpikeFactor) {
            guard let times = Double(factor) else {
                throw ConfigurationError("\(Variable.aatSpikeFactor.rawValue) must be a number such as 4.")
            }
            thresholds.spikeFactor = times
        }
        if let problem = thresholds.problem { throw ConfigurationError(problem) }
        return thresholds
    }

    /// Whether a setting made of several variables is given: all of them (true), none (false), or
    /// some, which is an error naming the missing ones.
    static func allOrNone(_ parts: [Variable], _ value: (Variable) -> String?) throws(ConfigurationError) -> Bool {
        let missing = parts.filter { value($0) == nil }
        if missing.count == parts.count { return false }
        guard missing.isEmpty else {
            throw ConfigurationError(
                "\(parts.map(\.rawValue).joined(separator: ", ")) go together; missing: "
                    + missing.map(\.rawValue).joined(separator: ", ") + ".")
        }
        return true
    }

    static func smtp(_ value: (Variable) -> String?) throws(ConfigurationError) -> SMTPSetup? {
        guard let url = value(.smtpURL) else { return nil }
        guard let from = value(.smtpFrom) else {
            throw ConfigurationError("\(Variable.smtpURL.rawValue) needs \(Variable.smtpFrom.rawValue), the sender's address.")
        }
        do {
            _ = try SMTPConfiguration(url: url, from: from)
        } catch {
            throw ConfigurationError("\(Variable.smtpURL.rawValue) \(error.description).")
        }
        return SMTPSetup(url: url, from: from)
    }

    /// Where links in e-mails point: the public address, else the one the server listens on.
    public var linkBase: String { publicURL ?? "http://\(host):\(port)" }

    public var usesTLS: Bool { publicURL?.lowercased().hasPrefix("https://") ?? false }

    public static func parsePort(_ text: String, source: String) throws(ConfigurationError) -> Int {
        guard let port = Int(text), (0...65_535).contains(port) else {
            throw ConfigurationError("\(source) must be a port number from 0 to 65535, not “\(text)”.")
        }
        return port
    }

    public static func parseLogLevel(_ text: String, source: String) throws(ConfigurationError) -> Logger.Level {
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError("\(source) must be one of \(names).")
        }
        return level
    }

    public static func parseIdleMinutes(_ text: String, source: String) throws(ConfigurationError) -> Int {
        guard let minutes = Int(text), (1...43_200).contains(minutes) else {
            throw ConfigurationError("\(source) must be a whole number of minutes from 1 to 43200 (30 days).")
        }
        return minutes
    }

    /// Comma-separated IP addresses ("10.0.0.2, ::1"), each checked to be one.
    public static func parseAddresses(_ text: String, source: String) throws(ConfigurationError) -> Set<String> {
        var addresses: Set<String> = []
        for part in text.split(separator: ",") {
            let address = part.trimmingCharacters(in: .whitespaces)
            var v4 = in_addr()
            var v6 = in6_addr()
            guard inet_pton(AF_INET, address, &v4) == 1 || inet_pton(AF_INET6, address, &v6) == 1 else {
                throw ConfigurationError("\(source) must list IP addresses separated by commas; \"\(address)\" is not one.")
            }
            addresses.insert(address)
        }
        return addresses
    }
}

/// A setting that cannot be used, with what to change.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
