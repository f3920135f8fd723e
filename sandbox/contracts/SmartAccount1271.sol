// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A contract wallet with one owner key, for sign-in with a contract account (EIP-1271). A signature is valid for
/// `hash` when the owner signed it with personal_sign: of the 32 bytes of `hash` (the EIP-1271 convention), or of
/// the message whose EIP-191 hash `hash` is (what a wallet shows its owner as text).
contract SmartAccount1271 {
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant INVALID = 0xffffffff;
    /// Half the secp256k1 group order: a larger `s` is the malleable twin of a valid signature.
    uint256 internal constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    constructor(address owner_) {
        require(owner_ != address(0), "owner is the zero address");
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return INVALID;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if ((v != 27 && v != 28) || uint256(s) > HALF_ORDER) return INVALID;
        bytes32 signedHash = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", hash));
        if (ecrecover(signedHash, v, r, s) == owner || ecrecover(hash, v, r, s) == owner) return MAGIC_VALUE;
        return INVALID;
    }

    /// Lets the owner move what the account holds (the sandbox funds nothing here; kept for a complete wallet).
    function execute(address to, uint256 value, bytes calldata data) external returns (bytes memory) {
        require(msg.sender == owner, "only the owner");
        (bool ok, bytes memory result) = to.call{value: value}(data);
        require(ok, "call failed");
        return result;
    }

    receive() external payable {}
}
