// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IExchangeToken {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

interface IWrappedEther is IExchangeToken {
    function deposit() external payable;
    function withdraw(uint256 value) external;
}

/// Constant-product pools (x * y = k), one per token pair, behind one address a user approves once per token.
/// Each swap takes a 0.3 % fee on what goes in. ETH goes in (`swapEthIn`) or comes out (`swapForEth`) through the
/// wrapped ether, which is one side of the pools that trade against ETH.
contract SwapExchange {
    struct Pool {
        uint256 reserveLow;
        uint256 reserveHigh;
    }

    address public immutable wrappedEther;
    mapping(bytes32 => Pool) internal pools;

    event Swap(address indexed sender, address tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut, address indexed to);

    constructor(address wrappedEther_) {
        wrappedEther = wrappedEther_;
    }

    receive() external payable {
        require(msg.sender == wrappedEther, "only unwrapping");
    }

    /// What `amountIn` buys from reserves `reserveIn` / `reserveOut`, after the 0.3 % fee.
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        require(amountIn > 0, "amount");
        require(reserveIn > 0 && reserveOut > 0, "liquidity");
        uint256 inWithFee = amountIn * 997;
        return (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
    }

    /// The reserves of the pair, in the order asked.
    function getReserves(address tokenIn, address tokenOut) public view returns (uint256 reserveIn, uint256 reserveOut) {
        require(tokenIn != tokenOut, "same token");
        Pool storage pool = pools[_key(tokenIn, tokenOut)];
        (reserveIn, reserveOut) = tokenIn < tokenOut ? (pool.reserveLow, pool.reserveHigh) : (pool.reserveHigh, pool.reserveLow);
    }

    /// What `amountIn` of `tokenIn` buys of `tokenOut` now.
    function quote(address tokenIn, address tokenOut, uint256 amountIn) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = getReserves(tokenIn, tokenOut);
        return getAmountOut(amountIn, reserveIn, reserveOut);
    }

    function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB) external {
        require(tokenA != tokenB, "same token");
        IExchangeToken(tokenA).transferFrom(msg.sender, address(this), amountA);
        IExchangeToken(tokenB).transferFrom(msg.sender, address(this), amountB);
        _move(tokenA, tokenB, amountA, 0);
        _move(tokenB, tokenA, amountB, 0);
    }

    /// Sells `amountIn` of `tokenIn` (approved to this exchange) for at least `minOut` of `tokenOut`, paid to `to`.
    function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut, address to) external returns (uint256 out) {
        IExchangeToken(tokenIn).transferFrom(msg.sender, address(this), amountIn);
        out = _swap(tokenIn, tokenOut, amountIn, minOut);
        IExchangeToken(tokenOut).transfer(to, out);
        emit Swap(msg.sender, tokenIn, tokenOut, amountIn, out, to);
    }

    /// Sells the ETH sent (wrapped on the way in) for at least `minOut` of `tokenOut`.
    function swapEthIn(address tokenOut, uint256 minOut, address to) external payable returns (uint256 out) {
        IWrappedEther(wrappedEther).deposit{value: msg.value}();
        out = _swap(wrappedEther, tokenOut, msg.value, minOut);
        IExchangeToken(tokenOut).transfer(to, out);
        emit Swap(msg.sender, address(0), tokenOut, msg.value, out, to);
    }

    /// Sells `amountIn` of `tokenIn` for at least `minOut` ETH (unwrapped on the way out).
    function swapForEth(address tokenIn, uint256 amountIn, uint256 minOut, address to) external returns (uint256 out) {
        IExchangeToken(tokenIn).transferFrom(msg.sender, address(this), amountIn);
        out = _swap(tokenIn, wrappedEther, amountIn, minOut);
        IWrappedEther(wrappedEther).withdraw(out);
        (bool sent, ) = to.call{value: out}("");
        require(sent, "pay out");
        emit Swap(msg.sender, tokenIn, address(0), amountIn, out, to);
    }

    function _key(address a, address b) internal pure returns (bytes32) {
        return a < b ? keccak256(abi.encodePacked(a, b)) : keccak256(abi.encodePacked(b, a));
    }

    /// Adds `amountIn` to `tokenIn`'s side of the pair and takes `amountOut` from the other side.
    function _move(address tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut) internal {
        Pool storage pool = pools[_key(tokenIn, tokenOut)];
        if (tokenIn < tokenOut) {
            pool.reserveLow += amountIn;
            pool.reserveHigh -= amountOut;
        } else {
            pool.reserveHigh += amountIn;
            pool.reserveLow -= amountOut;
        }
    }

    function _swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut) internal returns (uint256 out) {
        out = quote(tokenIn, tokenOut, amountIn);
        require(out >= minOut, "slippage");
        _move(tokenIn, tokenOut, amountIn, out);
    }
}
