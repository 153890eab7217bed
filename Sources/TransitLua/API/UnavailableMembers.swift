// Well-known UIKit and Core Animation members that Transit does not provide, by the class that
// declares them in UIKit. Reading or assigning one says so by name ("UIViewController.
// beginAppearanceTransition is not available in Transit") instead of Lua's "attempt to call a
// nil value": a port from Swift meets these first, and the message tells its author the
// difference is Transit's, not a typo. The list is of real UIKit names only (a test checks that
// none of them is a member Transit has); a name missing from it simply reads as nil.
// docs/lua-api.md lists them under each class; docs/semantics.md ("Safety net") has the rules.

extension TransitAPI {
    static let unavailableMembers: [String: [String]] = [
        "UIView": [
            "mask",
            "preservesSuperviewLayoutMargins", "tintColor",
            "tintAdjustmentMode", "contentMode", "isOpaque", "contentScaleFactor", "setNeedsDisplay",
            "sizeToFit", "sizeThatFits", "systemLayoutSizeFitting",
            "viewWithTag", "isDescendant", "exchangeSubview",
            "traitCollection", "accessibilityIdentifier", "addInteraction",
            "overrideUserInterfaceStyle", "semanticContentAttribute", "isMultipleTouchEnabled", "isExclusiveTouch",
            "gestureRecognizers", "motionEffects", "addMotionEffect", "frameForAlignmentRect", "firstBaselineAnchor", "lastBaselineAnchor",
        ],
        "CALayer": [
            "contentsScale", "contentsRect", "contentsCenter", "replaceSublayer",
            "shadowPath", "cornerCurve",
            "allowsEdgeAntialiasing", "allowsGroupOpacity", "setNeedsDisplay",
            "display", "render", "convert", "needsDisplayOnBoundsChange", "speed", "timeOffset", "beginTime",
            "delegate", "isGeometryFlipped", "minificationFilter", "magnificationFilter", "compositingFilter", "filters",
            "backgroundFilters", "edgeAntialiasingMask", "hitTest", "layoutSublayers", "setNeedsLayout",
        ],
        "UIViewController": [
            "addChild", "removeFromParent", "willMove", "didMove",
            "children", "parent", "show", "showDetailViewController", "performSegue", "isModalInPresentation",
            "navigationItem",
            "splitViewController", "traitCollection", "overrideUserInterfaceStyle",
            "popoverPresentationController", "viewIfLoaded", "restorationIdentifier", "setOverrideTraitCollection",
            "presentedViewControllerDidChange", "edgesForExtendedLayout", "extendedLayoutIncludesOpaqueBars",
            "tabBarItem", "toolbarItems", "hidesBottomBarWhenPushed", "isEditing", "setEditing",
        ],
        "UIPresentationController": [
            "traitCollection", "overrideTraitCollection", "preferredContentSize", "systemLayoutFittingSizeDidChange",
            "adaptivePresentationStyleForTraitCollection", "presentedViewControllerForCompactSizeClass",
        ],
        "UINavigationController": [
            "setViewControllers", "popToRootViewController", "popToViewController",
            "visibleViewController", "navigationBar", "isNavigationBarHidden", "setNavigationBarHidden", "toolbar",
            "isToolbarHidden", "setToolbarHidden", "hidesBarsOnSwipe",
            "hidesBarsOnTap", "hidesBarsWhenKeyboardAppears", "barHideOnSwipeGestureRecognizer",
        ],
        "UIGestureRecognizer": [
            "delaysTouchesBegan", "delaysTouchesEnded", "requiresExclusiveTouchType", "allowedTouchTypes",
            "allowedPressTypes", "name", "modifierFlags", "buttonMask", "ignore", "reset",
        ],
        "UITapGestureRecognizer": ["numberOfTapsRequired", "buttonMaskRequired"],
        "UILongPressGestureRecognizer": ["numberOfTapsRequired"],
        "UIScrollView": [
            "zoomScale", "minimumZoomScale", "maximumZoomScale", "setZoomScale", "zoom", "pinchGestureRecognizer",
            "isPagingEnabled", "decelerationRate", "contentInsetAdjustmentBehavior", "adjustedContentInset",
            "scrollIndicatorInsets", "verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets",
            "scrollRectToVisible", "flashScrollIndicators", "keyboardDismissMode", "refreshControl",
            "isDirectionalLockEnabled", "scrollsToTop", "contentLayoutGuide", "frameLayoutGuide", "indicatorStyle",
        ],
        "UITabBarController": [
            "setViewControllers", "customizableViewControllers", "moreNavigationController", "tabBarItem",
        ],
        "UIViewPropertyAnimator": [
            "timingParameters", "delay", "isManualHitTestingEnabled", "isUserInteractionEnabled",
        ],
    ]

    /// Class methods and properties (`UIView.setAnimationsEnabled(false)`): reading one from the
    /// class table says so by name, as instance members do.
    static let unavailableStatics: [String: [String]] = [
        "UIView": [
            "setAnimationsEnabled", "areAnimationsEnabled", "beginAnimations", "commitAnimations",
            "setAnimationDuration", "setAnimationDelay", "setAnimationCurve", "setAnimationDelegate",
            "setAnimationRepeatCount", "setAnimationRepeatAutoreverses", "setAnimationBeginsFromCurrentState",
            "setAnimationTransition", "setAnimationWillStart", "setAnimationDidStop", "modifyAnimations",
            "perform", "inheritedAnimationDuration", "userInterfaceLayoutDirection", "appearance",
        ],
        "UIViewController": ["attemptRotationToDeviceOrientation"],
    ]

    /// UIKit, Core Animation and Foundation classes transition code uses that Transit has not:
    /// reading the global says so (`CABasicAnimation is not available in Transit`) instead of
    /// "attempt to index a nil value (global 'CABasicAnimation')".
    static let unavailableClasses: [String] = [
        "CATransition", "CAReplicatorLayer", "CAEmitterLayer", "UIVibrancyEffect",
        "UITabBar", "UINavigationBar", "UIToolbar", "UIButton",
        "UIStackView", "UIFont",
        "UIDynamicAnimator", "UISnapBehavior", "UIAttachmentBehavior", "UIGravityBehavior", "UICollisionBehavior",
        "UIPushBehavior", "UIDynamicItemBehavior", "UIRotationGestureRecognizer",
        "UISheetPresentationController", "UIPopoverPresentationController", "UIApplication",
    ]
}
