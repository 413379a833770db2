import ArgumentParser
import Foundation
import ThriveCore
import ThriveStore
import ThriveWeb

struct User: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage accounts on this server.",
        subcommands: [Create.self, List.self, Password.self, Delete.self, Role.self, Counselor.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account.",
            discussion:
                "The password is read from standard input (--password-stdin) or asked for without echo; never pass it as an argument."
        )

        @OptionGroup var store: StoreOptions

        @Option(help: "The account's e-mail address.")
        var email: String

        @Option(help: "The person's name (optional).")
        var name: String?

        @Option(help: "metric or imperial.")
        var units: UnitSystem = .metric

        @Option(name: .customLong("time-zone"), help: "Time zone, e.g. Europe/Berlin (default: this machine's).")
        var timeZone: String?

        @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
        var passwordFromStandardInput = false

        func run() async throws {
            let password = try Terminal.password(for: email, fromStandardInput: passwordFromStandardInput)
            let configuration = try store.configuration()
            let logger = Runtime.logger(configuration)
            let database = try await Runtime.openStore(configuration, logger: logger)
            let service = AccountService(store: database, hasher: Runtime.hasher(configuration), now: .system, ids: .random)
            let profile = Profile(
                displayName: name, unitSystem: units, timeZoneIdentifier: timeZone ?? TimeZone.current.identifier)
            do {
                let (account, _) = try await service.register(email: email, password: password, profile: profile) { _, _ in () }
                await database.close()
                print("Created \(account.email) (\(account.id)).")
            } catch {
                await database.close()
                throw ExitMessage(Self.message(for: error))
            }
        }

        static func message(for error: any Error) -> String {
            switch error {
            case let error as ThriveCore.ValidationError: error.message
            case StoreError.conflict: "An account with this e-mail already exists."
            default: "\(error)"
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts: e-mail, ID and creation date.")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let configuration = try store.configuration()
            let database = try await Runtime.openStore(configuration, logger: Runtime.logger(configuration))
            let accounts = try await database.read { try await $0.accounts.all() }
            await database.close()
            if accounts.isEmpty {
                print("No accounts yet. Create one with: thrive user create --email you@example.com")
                return
            }
            for account in accounts {
                print("\(account.email)\t\(account.id)\t\(account.createdAt.formatted(.iso8601))")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an account and every record it owns.",
            discussion: "This cannot be undone. Without --yes you are asked to type the e-mail address again.")

        @OptionGroup var store: StoreOptions

        @Option(help: "The e-mail address of the account to delete.")
        var email: String

        @Flag(help: "Do not ask for confirmation.")
        var yes = false

        func run() async throws {
            let address = try ExitMessage.address(email)
            if !yes {
                print(
                    "Deleting \(address) removes the account and all its health data. Type the e-mail again to confirm: ",
                    terminator: "")
                guard Swift.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == address.value else {
                    throw ExitMessage("Not confirmed; nothing was deleted.")
                }
            }
            let configuration = try store.configuration()
            let database = try await Runtime.openStore(configuration, logger: Runtime.logger(configuration))
            let account = try await database.read { try await $0.accounts.find(email: address) }
            var deleted = false
            if let account {
                deleted = try await AccountErasure.erase(account.id, store: database, files: PersonFiles(configuration))
            }
            await database.close()
            guard deleted else { throw ExitMessage("No account has the e-mail \(address).") }
            print("Deleted \(address) and all of its data.")
        }
    }
}

extension User {
    /// Sets an account's password for a person who forgot it, on a server that cannot send e-mail.
    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a new password for an account and sign it out everywhere.",
            discussion:
                "For a person who forgot theirs on a server without e-mail. The password is read from standard input (--password-stdin) or asked for without echo."
        )

        @OptionGroup var store: StoreOptions

        @Option(help: "The account's e-mail address.")
        var email: String

        @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
        var passwordFromStandardInput = false

        func run() async throws {
            let address = try ExitMessage.address(email)
            let password = try Terminal.password(for: address.value, fromStandardInput: passwordFromStandardInput)
            let configuration = try store.configuration()
            let database = try await Runtime.openStore(configuration, logger: Runtime.logger(configuration))
            let service = AccountService(store: database, hasher: Runtime.hasher(configuration), now: .system, ids: .random)
            do {
                let found = try await service.setPassword(email: address, to: password)
                await database.close()
                guard found else { throw ExitMessage("No account has the e-mail \(address).") }
                print("Set a new password for \(address); it is signed out everywhere.")
            } catch let error as ThriveCore.ValidationError {
                await database.close()
                throw ExitMessage(error.message)
            }
        }
    }

    /// Grants or takes back a role: a `creator` brands a coaching space and invites people to it.
    struct Role: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give an account a role (creator, lab, partner or counselor), or take it back.",
            discussion: """
                A creator brands a coaching space and sees only totals over the people in it, unless a person \
                chooses to share more. A lab issues test kits, moves them along and posts their results, and \
                sees nothing else of anyone. A partner sees their program's kits in de-identified totals. A \
                counselor answers, in a chat, the people assigned to them.
                """)

        @OptionGroup var store: StoreOptions

        @Option(help: "The account's e-mail address.")
        var email: String

        @Option(help: "The role: creator, lab, partner or counselor.")
        var role: String = AccountRole.creator.rawValue

        @Flag(help: "Take the role away instead of granting it.")
        var remove = false

        func run() async throws {
            guard let role = AccountRole(rawValue: role) else {
                throw ExitMessage("The role must be one of: \(AccountRole.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            let address = try ExitMessage.address(email)
            let configuration = try store.configuration()
            let database = try await Runtime.openStore(configuration, logger: Runtime.logger(configuration))
            let found = try await database.write { repositories -> Bool in
                guard let account = try await repositories.accounts.find(email: address) else { return false }
                if remove {
                    try await repositories.creators.revoke(role, from: account.id)
                } else {
                    try await repositories.creators.grant(role, to: account.id)
                }
                return true
            }
            await database.close()
            guard found else { throw ExitMessage("No account has the e-mail \(address).") }
            print(remove ? "\(address) is no longer a \(role.rawValue)." : "\(address) is now a \(role.rawValue).")
        }
    }
}

extension User {
    /// Assigns a person to a genetic counselor, or moves them to another; without it a person's
    /// first message goes to the counselor with the fewest people.
    struct Counselor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Assign a person to a counselor (or take the assignment away).")

        @OptionGroup var store: StoreOptions

        @Option(help: "The person's e-mail address.")
        var person: String

        @Option(help: "The counselor's e-mail address (an account with the counselor role).")
        var counselor: String?

        @Flag(help: "Take the person's assignment away instead.")
        var remove = false

        func run() async throws {
            let personAddress = try ExitMessage.address(person)
            guard remove || counselor != nil else { throw ExitMessage("Name the counselor with --counselor, or pass --remove.") }
            let counselorAddress = try counselor.map(ExitMessage.address)
            let configuration = try store.configuration()
            let database = try await Runtime.openStore(configuration, logger: Runtime.logger(configuration))
            let outcome = try await database.write { repositories -> Outcome in
                guard let account = try await repositories.accounts.find(email: personAddress) else { return .noPerson }
                guard let counselorAddress else {
                    _ = try await repositories.counseling.unassign(account.id)
                    return .assigned
                }
                guard let counselor = try await repositories.accounts.find(email: counselorAddress),
                    try await repositories.creators.roles(of: counselor.id).contains(.counselor)
                else { return .noCounselor }
                guard counselor.id != account.id else { return .same }
                try await repositories.counseling.assign(
                    CounselorAssignment(person: account.id, counselor: counselor.id, assignedAt: Date()))
                return .assigned
            }
            await database.close()
            switch outcome {
            case .noPerson: throw ExitMessage("No account has the e-mail \(personAddress).")
            case .noCounselor:
                throw ExitMessage(
                    "No counselor has the e-mail \(counselorAddress?.description ?? ""): grant the role with thrive user role --role counselor."
                )
            case .same: throw ExitMessage("A counselor cannot be their own counselor.")
            case .assigned:
                print(
                    counselorAddress.map { "\(personAddress) is now looked after by \($0)." }
                        ?? "\(personAddress) has no counselor now.")
            }
        }

        enum Outcome { case assigned, noPerson, noCounselor, same }
    }
}

extension UnitSystem: ExpressibleByArgument {}

/// A failure explained in one line, printed as "Error: …" with a non-zero exit status.
struct ExitMessage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// The e-mail address given on the command line, or what is wrong with it.
    static func address(_ text: String) throws(ExitMessage) -> EmailAddress {
        do { return try EmailAddress(text) } catch { throw ExitMessage(error.message) }
    }
}
