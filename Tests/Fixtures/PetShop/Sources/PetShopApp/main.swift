// Runs every check of the consumer fixture and exits non-zero when one fails, so that the build script sees it.
import Foundation

var checker = Checker()
DecodingChecks.run(&checker)
EncodingChecks.run(&checker)
StoreChecks.run(&checker)
WideModelChecks.run(&checker)
SuppliesChecks.run(&checker)
for failure in checker.failures { print("FAILED \(failure)") }
print("PetShopApp: \(checker.passed) checks held, \(checker.failures.count) failed")
exit(checker.failures.isEmpty ? 0 : 1)
