// An object UIKit types as a protocol (a child container) compared with one typed as a class:
// Lua compares their identity, Swift's === on the two objects.

import UIKit

final class Half: UIPresentationController {
    override func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        if container === self.presentedViewController {
            return CGSize(width: parentSize.width / 2, height: parentSize.height)
        }
        return super.size(forChildContentContainer: container, withParentContainerSize: parentSize)
    }
}
