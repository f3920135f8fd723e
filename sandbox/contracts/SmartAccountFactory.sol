// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./SmartAccount1271.sol";

/// Deploys SmartAccount1271 at an address known before deployment (CREATE2 of the owner and a salt), so an account
/// can sign before it exists: an EIP-6492 signature wraps `deploy(owner, salt)` around the owner's signature.
contract SmartAccountFactory {
    event AccountDeployed(address indexed account, address indexed owner, bytes32 salt);

    /// Deploys the account of `owner` and `salt`, or returns it when it is already there.
    function deploy(address owner, bytes32 salt) external returns (address account) {
        account = accountAddress(owner, salt);
        if (account.code.length > 0) return account;
        new SmartAccount1271{salt: salt}(owner);
        emit AccountDeployed(account, owner, salt);
    }

    /// The address the account of `owner` and `salt` has, deployed or not.
    function accountAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(SmartAccount1271).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}
