terraform {
  backend "local" {
    path = "one.tfstate"
    workspace_dir = "envs"
  }
}
