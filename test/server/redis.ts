// redis-server for the tests: started on a free port, or the file's tests skipped with the install command (a
// failure under CI, where every tool must be present).
import { redisInstalled, REDIS_INSTALL_COMMAND } from '../../sandbox/redis/server.mjs'
import { toolAvailable } from '../setup/tools.js'

export { startRedis } from '../../sandbox/redis/server.mjs'
export const haveRedis = toolAvailable(redisInstalled(), 'redis-server', REDIS_INSTALL_COMMAND)
