// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A small name system for the sandbox chain, speaking the interfaces ENS clients call: a registry of nodes
// (owner, resolver), a public resolver (addr, addr by coin type, text, name), a reverse registrar for
// `<address>.addr.reverse` and a universal resolver (`resolveWithGateways`, `reverseWithGateways`, `resolve`) that
// reverts with the errors clients read as "no record".

interface IEnsRegistry {
    function owner(bytes32 node) external view returns (address);
    function resolver(bytes32 node) external view returns (address);
    function isApprovedForAll(address holder, address operator) external view returns (bool);
    function setSubnodeOwner(bytes32 node, bytes32 label, address holder) external returns (bytes32);
    function setResolver(bytes32 node, address resolver) external;
}

interface INameSetter {
    function setName(bytes32 node, string calldata name) external;
}

library EnsNames {
    /** The lower-case hex of `value` (no 0x), as reverse names spell an address. */
    function hex40(address value) internal pure returns (bytes memory out) {
        bytes16 digits = "0123456789abcdef";
        out = new bytes(40);
        uint160 v = uint160(value);
        for (uint256 i = 40; i > 0; i--) {
            out[i - 1] = digits[v & 0xf];
            v >>= 4;
        }
    }

    /** The node of `<address>.addr.reverse` under `addrReverse`. */
    function reverseNode(bytes32 addrReverse, address value) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked(addrReverse, keccak256(hex40(value))));
    }

    /** The namehash of a DNS-encoded name (length-prefixed labels, ending with a zero byte). */
    function namehash(bytes memory name, uint256 offset) internal pure returns (bytes32) {
        require(offset < name.length, "bad name");
        uint256 size = uint8(name[offset]);
        if (size == 0) return bytes32(0);
        require(offset + 1 + size < name.length, "bad name");
        bytes32 label;
        assembly {
            label := keccak256(add(add(name, 33), offset), size)
        }
        return keccak256(abi.encodePacked(namehash(name, offset + 1 + size), label));
    }

    /** `alice.eth` as DNS wire format: 5 alice 3 eth 0. */
    function dnsEncode(string memory text) internal pure returns (bytes memory out) {
        bytes memory s = bytes(text);
        out = new bytes(s.length + 2);
        uint256 start = 0;
        for (uint256 i = 0; i <= s.length; i++) {
            if (i == s.length || s[i] == ".") {
                uint256 size = i - start;
                require(size > 0 && size < 256, "bad label");
                out[start] = bytes1(uint8(size));
                for (uint256 j = start; j < i; j++) out[j + 1] = s[j];
                start = i + 1;
            }
        }
        out[s.length + 1] = 0;
    }
}

contract EnsRegistry is IEnsRegistry {
    struct Record {
        address owner;
        address resolver;
    }

    mapping(bytes32 => Record) private records;
    mapping(address => mapping(address => bool)) private operators;

    event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner);
    event NewResolver(bytes32 indexed node, address resolver);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor() {
        records[bytes32(0)].owner = msg.sender;
    }

    modifier authorised(bytes32 node) {
        address holder = records[node].owner;
        require(holder == msg.sender || operators[holder][msg.sender], "not authorised");
        _;
    }

    function setSubnodeOwner(bytes32 node, bytes32 label, address holder) public authorised(node) returns (bytes32 subnode) {
        subnode = keccak256(abi.encodePacked(node, label));
        records[subnode].owner = holder;
        emit NewOwner(node, label, holder);
    }

    function setResolver(bytes32 node, address resolver_) external authorised(node) {
        records[node].resolver = resolver_;
        emit NewResolver(node, resolver_);
    }

    function setApprovalForAll(address operator, bool approved) external {
        operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address holder, address operator) external view returns (bool) {
        return operators[holder][operator];
    }

    function owner(bytes32 node) external view returns (address) {
        return records[node].owner;
    }

    function resolver(bytes32 node) external view returns (address) {
        return records[node].resolver;
    }
}

contract EnsPublicResolver is INameSetter {
    uint256 private constant EVM_COIN_TYPE = 60;
    IEnsRegistry public immutable registry;

    mapping(bytes32 => mapping(uint256 => bytes)) private addresses;
    mapping(bytes32 => mapping(string => string)) private texts;
    mapping(bytes32 => string) private names;

    event AddressChanged(bytes32 indexed node, uint256 coinType, bytes newAddress);
    event TextChanged(bytes32 indexed node, string indexed indexedKey, string key, string value);
    event NameChanged(bytes32 indexed node, string name);

    constructor(IEnsRegistry registry_) {
        registry = registry_;
    }

    modifier authorised(bytes32 node) {
        address holder = registry.owner(node);
        require(holder == msg.sender || registry.isApprovedForAll(holder, msg.sender), "not authorised");
        _;
    }

    function setAddr(bytes32 node, address value) external authorised(node) {
        addresses[node][EVM_COIN_TYPE] = abi.encodePacked(value);
        emit AddressChanged(node, EVM_COIN_TYPE, abi.encodePacked(value));
    }

    function setAddr(bytes32 node, uint256 coinType, bytes calldata value) external authorised(node) {
        addresses[node][coinType] = value;
        emit AddressChanged(node, coinType, value);
    }

    function addr(bytes32 node) external view returns (address payable found) {
        bytes memory value = addresses[node][EVM_COIN_TYPE];
        if (value.length != 20) return payable(address(0));
        assembly {
            found := shr(96, mload(add(value, 32)))
        }
    }

    function addr(bytes32 node, uint256 coinType) external view returns (bytes memory) {
        return addresses[node][coinType];
    }

    function setText(bytes32 node, string calldata key, string calldata value) external authorised(node) {
        texts[node][key] = value;
        emit TextChanged(node, key, key, value);
    }

    function text(bytes32 node, string calldata key) external view returns (string memory) {
        return texts[node][key];
    }

    function setName(bytes32 node, string calldata name_) external authorised(node) {
        names[node] = name_;
        emit NameChanged(node, name_);
    }

    function name(bytes32 node) external view returns (string memory) {
        return names[node];
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        // ERC-165, addr(bytes32), addr(bytes32,uint256), text, name.
        return id == 0x01ffc9a7 || id == 0x3b3b57de || id == 0xf1cb7e06 || id == 0x59d1d43c || id == 0x691f3431;
    }
}

/** Owns `addr.reverse`: an address (or the registrar's controller, the deployer) sets the address's primary name. */
contract EnsReverseRegistrar {
    IEnsRegistry public immutable registry;
    INameSetter public immutable defaultResolver;
    address public immutable controller;
    bytes32 public immutable addrReverseNode;

    event ReverseClaimed(address indexed addr, bytes32 indexed node);

    constructor(IEnsRegistry registry_, INameSetter resolver_, bytes32 addrReverseNode_) {
        registry = registry_;
        defaultResolver = resolver_;
        controller = msg.sender;
        addrReverseNode = addrReverseNode_;
    }

    function setName(string calldata name_) external returns (bytes32) {
        return claim(msg.sender, name_);
    }

    function setNameForAddr(address value, string calldata name_) external returns (bytes32) {
        require(msg.sender == value || msg.sender == controller, "not authorised");
        return claim(value, name_);
    }

    function node(address value) external view returns (bytes32) {
        return EnsNames.reverseNode(addrReverseNode, value);
    }

    function claim(address value, string calldata name_) private returns (bytes32 reverse) {
        reverse = registry.setSubnodeOwner(addrReverseNode, keccak256(EnsNames.hex40(value)), address(this));
        registry.setResolver(reverse, address(defaultResolver));
        defaultResolver.setName(reverse, name_);
        emit ReverseClaimed(value, reverse);
    }
}

/** One entry for clients: finds a name's resolver, calls it, and checks a primary name forward. */
contract EnsUniversalResolver {
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);

    uint256 private constant EVM_COIN_TYPE = 60;
    IEnsRegistry public immutable registry;

    constructor(IEnsRegistry registry_) {
        registry = registry_;
    }

    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory, address) {
        return call(name, data);
    }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata) external view returns (bytes memory, address) {
        return call(name, data);
    }

    /**
     * The primary name of `lookupAddress` (20 bytes) for coin type 60: the name record of its reverse node, kept
     * only when that name's own address record is the same address.
     */
    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata) external view returns (string memory primary, address resolver, address reverseResolver) {
        if (coinType != EVM_COIN_TYPE || lookupAddress.length != 20) revert UnsupportedResolverProfile(this.reverseWithGateways.selector);
        address holder = address(bytes20(lookupAddress));
        bytes memory reverseName = abi.encodePacked(uint8(40), EnsNames.hex40(holder), uint8(4), "addr", uint8(7), "reverse", uint8(0));
        bytes memory answer;
        (answer, reverseResolver) = call(reverseName, abi.encodeWithSignature("name(bytes32)", EnsNames.namehash(reverseName, 0)));
        primary = abi.decode(answer, (string));
        if (bytes(primary).length == 0) return ("", address(0), reverseResolver);
        bytes memory forwardName = EnsNames.dnsEncode(primary);
        (answer, resolver) = call(forwardName, abi.encodeWithSignature("addr(bytes32)", EnsNames.namehash(forwardName, 0)));
        address forward = abi.decode(answer, (address));
        if (forward != holder) revert ReverseAddressMismatch(primary, abi.encodePacked(forward));
    }

    function call(bytes memory name, bytes memory data) private view returns (bytes memory answer, address resolver) {
        resolver = registry.resolver(EnsNames.namehash(name, 0));
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        bool ok;
        (ok, answer) = resolver.staticcall(data);
        if (!ok) revert ResolverError(answer);
    }
}
