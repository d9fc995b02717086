variable "enabled" {
  type = bool
  default = true
}

variable "tags" {
  type = map(string)
}
