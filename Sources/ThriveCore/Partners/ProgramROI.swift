import Foundation

/// The ROI summary, with its formula written out on the page:
/// ROI = (findings × value per finding − kits issued × cost per kit) ÷ (kits issued × cost per kit).
/// Over the dashboard's whole window (the last eight quarters).
public struct ProgramROI: Hashable, Sendable {
    public let findings: Int
    public let kitsIssued: Int
    public let costPerKit: Double
    public let valuePerFinding: Double

    public var cost: Double { Double(kitsIssued) * costPerKit }
    public var value: Double { Double(findings) * valuePerFinding }
    /// As a fraction (0.25 is 25 %); nil when the program has cost nothing yet.
    public var ratio: Double? { cost > 0 ? (value - cost) / cost : nil }

    public init(findings: Int, kitsIssued: Int, costPerKit: Double, valuePerFinding: Double) {
        self.findings = findings
        self.kitsIssued = kitsIssued
        self.costPerKit = costPerKit
        self.valuePerFinding = valuePerFinding
    }
}

/// Why the ROI is not shown.
public enum ProgramROIGap: String, Sendable {
    /// The partner has not set the cost per kit and the value of a finding.
    case needsAmounts
    /// No kit has been issued for the program yet.
    case noKits
    /// Fewer than ``SmallCells/k`` people have a finding: their number may not be shown, nor the ROI
    /// that would give it away.
    case fewFindings
}
