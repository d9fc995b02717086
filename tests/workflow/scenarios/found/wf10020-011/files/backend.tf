terraform {
  backend "local" {
    path = "states/one.tfstate"
    workspace_dir = "envs"
  }
}
